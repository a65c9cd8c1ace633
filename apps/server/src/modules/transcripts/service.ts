import {
  ANALYSIS_MESSAGES as A,
  PRIVACY_MESSAGES,
  speakerDisplayName,
  TRANSCRIPT_DASHBOARDS,
  type Diarization,
  type Transcription,
} from '@parley/contracts';
import { runTextStep } from '@parley/analysis';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { MeetingsService } from '../meetings/index.js';
import type { Redact } from '../privacy/index.js';
import { applyCorrections, outOfRange, type WordCorrection } from './edit.js';
import { passageLines } from './lines.js';
import type { TranscriptRow, TranscriptsRepo } from './repo.js';
import {
  analyticsOf,
  conversationOf,
  diarizationOf,
  EMPTY_TRANSCRIPTION,
  sentimentOf,
  speakerTimeMappingOf,
  speakingRateOf,
  topSpeakerShare,
  transcriptionOf,
  type SpeakerNames,
} from './view.js';
import type { Caller } from '../../platform/http/caller.js';

export interface TranscriptsDeps {
  repo: TranscriptsRepo;
  meetings: MeetingsService;
  /** Masks PII as the organisation asks: a correction may type in what was masked. */
  redact: Redact;
  now: () => Date;
}

/** Whether a caller learns from a meeting that is a training video (coaching answers). */
export type LearnerCheck = (caller: Caller, meetingId: string) => Promise<boolean>;

/** The meeting fields a published transcript needs (a Meeting from the meetings service). */
export interface PublishedMeeting {
  id: string;
  organizationId: string;
  additionalDetails: SpeakerNames;
}

const isDashboard = (s: string): boolean =>
  (TRANSCRIPT_DASHBOARDS as readonly string[]).includes(s);

/**
 * Transcript, diarization and text analytics of a meeting. Reading follows the meeting's
 * visibility (owner, shared, poc, super admin; 404 for anyone else, other organisations
 * included); correcting it follows managing it (owner, poc, super admin; 403 for someone it is
 * only shared with). Names come from the meeting's additionalDetails on every read.
 */
export function createTranscriptsService(deps: TranscriptsDeps) {
  const { repo, meetings, now } = deps;
  // Modules created later that keep something in step with the transcript (search).
  const corrected: ((meetingId: string) => Promise<void>)[] = [];

  // Set by the coaching module, created after this one: who learns from a training video.
  let learns: LearnerCheck = async () => false;

  async function load(caller: Caller, meetingId: string) {
    const meeting = await meetings.visible(caller, meetingId);
    const row = await repo.byMeeting(meeting.organizationId, meeting.id);
    return { meeting, row, names: meeting.additionalDetails };
  }

  /** As load, and for a training video the caller learns from without seeing it as a meeting. */
  async function loadForReading(caller: Caller, meetingId: string) {
    try {
      return await load(caller, meetingId);
    } catch (err) {
      const hidden = err instanceof AppError && err.statusCode === 404;
      if (!hidden || !(await learns(caller, meetingId))) throw err;
      const meeting = await meetings.rowById(meetingId);
      if (!meeting) throw err;
      const row = await repo.byMeeting(meeting.organizationId, meeting.id);
      return { meeting, row, names: meeting.additionalDetails };
    }
  }

  /** For the routes that only make sense once the speech step has run. */
  async function analysed(caller: Caller, meetingId: string) {
    const { row, names } = await load(caller, meetingId);
    if (!row) throw notFound(A.noTranscript);
    return { row, names };
  }

  return {
    /**
     * Each transcribed meeting's talk ratio (the top speaker's share, see topSpeakerShare), for
     * meetings the caller's service already chose; meetings without one are absent.
     */
    async talkRatios(
      organizationId: string,
      meetingIds: readonly string[],
    ): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      for (const r of await repo.turnsOf(organizationId, meetingIds)) {
        const share = topSpeakerShare(r.turns);
        if (share !== null) out.set(r.meetingId, share);
      }
      return out;
    },

    /** Also for learners of a training video, who read its words beside the video. */
    async transcription(caller: Caller, meetingId: string): Promise<Transcription> {
      const { row, names } = await loadForReading(caller, meetingId);
      return row ? transcriptionOf(row, names) : EMPTY_TRANSCRIPTION;
    },

    async diarization(caller: Caller, meetingId: string): Promise<Diarization> {
      const { row, names } = await analysed(caller, meetingId);
      return diarizationOf(row, names);
    },

    async speakerTimeMapping(caller: Caller, meetingId: string) {
      const { row, names } = await analysed(caller, meetingId);
      return speakerTimeMappingOf(row, names);
    },

    async sentiment(caller: Caller, meetingId: string) {
      const { row, names } = await analysed(caller, meetingId);
      return sentimentOf(analyticsOf(row), names);
    },

    async speakingRate(caller: Caller, meetingId: string) {
      const { row, names } = await analysed(caller, meetingId);
      return speakingRateOf(analyticsOf(row), names);
    },

    async conversation(caller: Caller, meetingId: string) {
      const { row, names } = await analysed(caller, meetingId);
      return conversationOf(analyticsOf(row), names);
    },

    /**
     * Corrections from one of the dashboards. All or nothing: a bad index refuses the whole
     * request before anything is written. The analytics are recomputed from the corrected
     * words and turns, so every dashboard shows the same numbers afterwards.
     */
    async correct(
      caller: Caller,
      dashboard: string,
      meetingId: string,
      edits: readonly WordCorrection[],
    ): Promise<Transcription> {
      if (!isDashboard(dashboard)) throw notFound();
      const meeting = await meetings.visible(caller, meetingId);
      if (!meetings.canManage(caller, meeting)) throw forbidden();
      const row = await repo.byMeeting(meeting.organizationId, meeting.id);
      if (!row) throw notFound(A.noTranscript);
      const bad = outOfRange(row.words, edits);
      if (bad) throw badRequest(A.wordIndexOutOfRange(bad.index));

      const edited = applyCorrections(row.words, row.turns, edits);
      const turns = edited.turns;
      // The unmasked copy stays what was said; a correction only changes the masked words.
      const { words } = await deps.redact(meeting.organizationId, edited.words);
      const analytics = runTextStep({ words, turns, audioLengthSec: row.audioLengthSec });
      const saved = await repo.correct(meeting.organizationId, meeting.id, {
        words,
        turns,
        analytics: { ...analytics },
        editedAt: now(),
      });
      // The meeting was deleted between the read and the write.
      if (!saved) throw notFound(A.noTranscript);
      for (const listener of corrected) await listener(meeting.id);
      return transcriptionOf(saved, meeting.additionalDetails);
    },

    /**
     * The words before PII masking, when the organisation keeps them (the route is its
     * managers'). 404 for a meeting outside the caller's view, and when there is no copy.
     */
    async originals(caller: Caller, meetingId: string): Promise<Transcription> {
      const { row, names } = await load(caller, meetingId);
      if (!row?.originalWords) throw notFound(PRIVACY_MESSAGES.noOriginals);
      return transcriptionOf({ ...row, words: row.originalWords }, names);
    },

    /** Who may read a training video's transcript without seeing the meeting (coaching). */
    allowLearners(check: LearnerCheck): void {
      learns = check;
    },

    /** Called after a correction is saved, with the meeting's id. */
    onCorrected(listener: (meetingId: string) => Promise<void>): void {
      corrected.push(listener);
    },

    /**
     * A visible meeting's transcript as short passages with speaker names, for the assistant.
     * 404 for a meeting the caller cannot see, and for one without a transcript yet.
     */
    async passages(caller: Caller, meetingId: string) {
      const { meeting, row, names } = await load(caller, meetingId);
      if (!row) throw notFound(A.noTranscript);
      return {
        meeting: { id: meeting.id, meetingName: meeting.meetingName },
        lines: passageLines(row.words, names),
      };
    },

    /** Speaker display names of several meetings' transcripts, by meeting id (one query). */
    async speakerNames(
      organizationId: string,
      list: readonly { id: string; additionalDetails: SpeakerNames }[],
    ): Promise<Map<string, string[]>> {
      const labels = await repo.speakerLabels(
        organizationId,
        list.map((m) => m.id),
      );
      return new Map(
        list.map((m) => [
          m.id,
          (labels.get(m.id) ?? []).map((key) => speakerDisplayName(key, m.additionalDetails)),
        ]),
      );
    },

    /**
     * What a public link shows (the link is the permission, checked by sharing). `withText`
     * false leaves the words out: the organisation's plan does not include the transcript.
     */
    async published(meeting: PublishedMeeting, withText: boolean) {
      const row: TranscriptRow | null = await repo.byMeeting(meeting.organizationId, meeting.id);
      const names = meeting.additionalDetails;
      const transcription = row && withText ? transcriptionOf(row, names) : EMPTY_TRANSCRIPTION;
      return {
        transcription: transcription.data,
        wordTimestamps: transcription.wordToWordTimestamps,
        diarization: row ? diarizationOf(row, names) : null,
        speakerTimeMapping: row ? speakerTimeMappingOf(row, names) : null,
      };
    },
  };
}
export type TranscriptsService = ReturnType<typeof createTranscriptsService>;
