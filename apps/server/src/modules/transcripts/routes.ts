import type { FastifyInstance } from 'fastify';
import { analysisRoutes, privacyRoutes } from '@parley/contracts';
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
  registerRoute(app, analysisRoutes.transcription, ({ auth, params }) =>
    transcripts.transcription(auth, params.meetingId),
  );
  registerRoute(app, privacyRoutes.transcriptOriginals, ({ auth, params }) =>
    transcripts.originals(auth, params.meetingId),
  );
  registerRoute(app, analysisRoutes.editTranscription, ({ auth, params, body }) =>
    transcripts.correct(auth, params.dashboard, params.meetingId, body.words),
  );
  registerRoute(app, analysisRoutes.diarization, ({ auth, params }) =>
    transcripts.diarization(auth, params.meetingId),
  );
  registerRoute(app, analysisRoutes.speakerTimeMapping, ({ auth, params }) =>
    transcripts.speakerTimeMapping(auth, params.meetingId),
  );
  registerRoute(app, analysisRoutes.sentiment, ({ auth, params }) =>
    transcripts.sentiment(auth, params.meetingId),
  );
  registerRoute(app, analysisRoutes.speakingRate, ({ auth, params }) =>
    transcripts.speakingRate(auth, params.meetingId),
  );
  registerRoute(app, analysisRoutes.conversation, ({ auth, params }) =>
    transcripts.conversation(auth, params.meetingId),
  );
  registerRoute(app, analysisRoutes.nameSpeakers, ({ auth, body }) =>
    meetings.nameSpeakers(auth, body.meetingId, body.additionalDetails),
  );
}
