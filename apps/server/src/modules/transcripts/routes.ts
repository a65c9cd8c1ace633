import type { FastifyInstance } from 'fastify';
import { analysisRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { MeetingsService } from '../meetings/index.js';
import type { TranscriptsService } from './service.js';

/**
 * Transcript, diarization and text-analytics routes (spec 2 §7 Analysis), and naming a
 * meeting's speakers, which those routes read. Feature gates live in the contracts.
 */
export function registerTranscriptRoutes(
  app: FastifyInstance,
  transcripts: TranscriptsService,
  meetings: MeetingsService,
): void {
  const meetingId = (params: Record<string, string>) => params.meetingId ?? params.id ?? '';
  registerRoute(app, analysisRoutes.transcription, ({ auth, params }) =>
    transcripts.transcription(auth, meetingId(params)),
  );
  registerRoute(app, analysisRoutes.editTranscription, ({ auth, params, body }) =>
    transcripts.correct(auth, params.dashboard ?? '', meetingId(params), body.words),
  );
  registerRoute(app, analysisRoutes.diarization, ({ auth, params }) =>
    transcripts.diarization(auth, meetingId(params)),
  );
  registerRoute(app, analysisRoutes.speakerTimeMapping, ({ auth, params }) =>
    transcripts.speakerTimeMapping(auth, meetingId(params)),
  );
  registerRoute(app, analysisRoutes.sentiment, ({ auth, params }) =>
    transcripts.sentiment(auth, meetingId(params)),
  );
  registerRoute(app, analysisRoutes.speakingRate, ({ auth, params }) =>
    transcripts.speakingRate(auth, meetingId(params)),
  );
  registerRoute(app, analysisRoutes.conversation, ({ auth, params }) =>
    transcripts.conversation(auth, meetingId(params)),
  );
  registerRoute(app, analysisRoutes.nameSpeakers, ({ auth, body }) =>
    meetings.nameSpeakers(auth, body.meetingId, body.additionalDetails),
  );
}
