import { randomUUID } from 'node:crypto';
import {
  ANALYSIS_MESSAGES as A,
  ANALYSIS_STEPS,
  ANALYSIS_STEP_LABELS,
  MEETING_MESSAGES as M,
  REALTIME,
  type AnalysisJob,
  type AnalysisStep,
  type OfflineStatus,
  readySteps,
} from '@parley/contracts';
import type { AnalysisStepRecord } from '../../platform/db/schema.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { MeetingBroadcaster } from '../../platform/realtime/index.js';
import type { MeetingRow, MeetingsService } from '../meetings/index.js';
import type { BillingService } from '../billing/index.js';
import { analysisStepJobs } from './jobs.js';
import type { AnalysisRepo, RunRow, TranscriptRow } from './repo.js';
import type { Caller } from '../../platform/http/caller.js';

export interface AnalysisDeps {
  repo: AnalysisRepo;
  meetings: MeetingsService;
  plans: BillingService;
  queue: JobQueue;
  broadcaster: MeetingBroadcaster;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

/** Share of the whole run each step stands for in the overall progress bar. */
// Measured on talking-face.mp4 with physiology: the video step takes about as long as speech;
// the insights prompts take seconds with the built-in engine, longer with a remote model.
const STEP_WEIGHT: Record<AnalysisStep, number> = {
  media: 5,
  speech: 40,
  text: 5,
  video: 35,
  insights: 10,
  finish: 5,
};

/**
 * How many people can speak in the meeting, when the meeting says: the participants invited
 * to it, or the speakers named in its additionalDetails (speaker_NN → name), whichever is
 * more. Diarization takes it as an upper bound and records the count's source as
 * 'participants'; undefined (estimate the count) when neither is known.
 */
export async function knownSpeakerCount(
  meeting: Pick<MeetingRow, 'id' | 'organizationId' | 'additionalDetails'>,
  repo: Pick<AnalysisRepo, 'invitedParticipants'>,
): Promise<number | undefined> {
  const named = Object.values(meeting.additionalDetails).filter((n) => n.trim()).length;
  const invited = await repo.invitedParticipants(meeting.organizationId, meeting.id);
  const known = Math.max(named, invited);
  return known > 0 ? known : undefined;
}

export const minutesOf = (durationSec: number | null | undefined) => (durationSec ?? 0) / 60;

export function emptyRecord(state: AnalysisStepRecord['state']): AnalysisStepRecord {
  return {
    state,
    progress: state === 'skipped' || state === 'done' ? 100 : 0,
    attempts: 0,
    error: null,
    startedAt: null,
    finishedAt: null,
  };
}

/** The status document of GET offline/status and of the realtime status event. */
export function statusOf(
  row: MeetingRow,
  run: RunRow | null,
  transcript: Pick<TranscriptRow, 'engine'> | null,
): OfflineStatus {
  const steps = ANALYSIS_STEPS.map((step) => {
    const rec = run?.steps[step] ?? emptyRecord('pending');
    return {
      step,
      label: ANALYSIS_STEP_LABELS[step],
      state: rec.state,
      progress: Math.round(rec.progress),
      attempts: rec.attempts,
      error: rec.error,
    };
  });
  const total = ANALYSIS_STEPS.reduce((sum, s) => sum + STEP_WEIGHT[s], 0);
  const done = steps.reduce((sum, s) => {
    const share = s.state === 'done' || s.state === 'skipped' ? 100 : s.progress;
    return sum + (STEP_WEIGHT[s.step] * share) / 100;
  }, 0);
  return {
    meetingId: row.id,
    inferenceStatus: row.inferenceStatus,
    statusReason: row.statusReason,
    runId: run?.runId ?? null,
    progress: run ? Math.round((done / total) * 100) : 0,
    steps,
    engine: transcript?.engine ?? null,
  };
}

/**
 * Starting, restarting and reporting on a meeting's analysis (ARCHITECTURE §4). The steps
 * themselves run in workers (worker.ts); this side only creates runs and sends first jobs.
 */
export function createAnalysisService(deps: AnalysisDeps) {
  const { repo, meetings, queue, now } = deps;

  /** Its retries and time limit come from the step's job (jobs.ts), sized by the recording. */
  async function sendStep(job: AnalysisJob, durationSec: number | null): Promise<void> {
    const id = await queue.send(analysisStepJobs[job.step], job, { durationSec });
    // Null means a job for this step of this run is already waiting: the duplicate collapsed.
    if (id === null) deps.log.warn({ ...job }, 'analysis step already queued');
  }

  async function currentStatus(meetingId: string): Promise<OfflineStatus | null> {
    const row = await meetings.rowById(meetingId);
    if (!row) return null;
    const [run, transcript] = await Promise.all([repo.run(meetingId), repo.transcript(meetingId)]);
    return statusOf(row, run, transcript);
  }

  /** Sends the status document to the meeting's room; `processed` also sends Processed. */
  async function announce(meetingId: string): Promise<OfflineStatus | null> {
    const status = await currentStatus(meetingId);
    if (!status) return null;
    deps.broadcaster.toMeeting(meetingId, REALTIME.status, status);
    if (status.inferenceStatus === 'processed') {
      deps.broadcaster.toMeeting(meetingId, REALTIME.processed, { meetingId });
    }
    return status;
  }

  /** A new run from `from`: steps before it keep their outputs and show as skipped. */
  async function queueRun(row: MeetingRow, from: AnalysisStep): Promise<OfflineStatus> {
    const runId = randomUUID();
    const start = ANALYSIS_STEPS.indexOf(from);
    const steps = Object.fromEntries(
      ANALYSIS_STEPS.map((s, i) => [s, emptyRecord(i < start ? 'skipped' : 'pending')]),
    );
    await repo.startRun({
      meetingId: row.id,
      organizationId: row.organizationId,
      runId,
      fromStep: from,
      steps,
      now: now(),
    });
    await meetings.updateStatus(row.id, 'queued', null);
    for (const step of readySteps(steps)) {
      await sendStep({ meetingId: row.id, runId, step }, row.durationSec);
    }
    const status = await announce(row.id);
    if (!status) throw notFound(M.notFound);
    return status;
  }

  /** The meeting, if the caller may start its analysis: 404 unseen, 403 view-only. */
  async function manageable(auth: Caller, meetingId: string): Promise<MeetingRow> {
    const row = await meetings.visible(auth, meetingId);
    if (!meetings.canManage(auth, row)) throw forbidden();
    if (row.type === 'live') throw badRequest(A.liveMeeting);
    if (!row.sourceKey) throw badRequest(A.notReady);
    return row;
  }

  async function start(auth: Caller, meetingId: string): Promise<OfflineStatus> {
    const row = await manageable(auth, meetingId);
    if (row.inferenceStatus === 'queued' || row.inferenceStatus === 'analysing') {
      throw conflict(A.alreadyRunning);
    }
    await deps.plans.assertCredits(row.organizationId, minutesOf(row.durationSec), row.ownerId);
    return queueRun(row, 'media');
  }

  /** Tells the meeting's room that a longer start of its transcript is readable. */
  function announceTranscript(
    meetingId: string,
    progress: { transcribedSec: number; durationSec: number; words: number },
  ): void {
    deps.broadcaster.toMeeting(meetingId, REALTIME.transcriptProgress, { meetingId, ...progress });
  }

  return {
    sendStep,
    announce,
    announceTranscript,
    currentStatus,
    start,

    /** offline/analyze: the same as start (videoLink names the meeting's own file). */
    analyze: start,

    /**
     * A new run from `stage`, keeping what earlier steps stored. A stage whose inputs are
     * missing starts at the first step that makes them. A run in progress is replaced: its
     * remaining jobs find their run gone and stop.
     */
    async reanalyze(
      auth: Caller,
      body: { meetingId: string; stage: AnalysisStep },
    ): Promise<OfflineStatus> {
      const row = await manageable(auth, body.meetingId);
      await deps.plans.assertCredits(row.organizationId, minutesOf(row.durationSec), row.ownerId);
      let from = body.stage;
      const transcript = await repo.transcript(row.id);
      if (from !== 'media' && !row.playbackKey) from = 'media';
      else if (from !== 'media' && from !== 'speech' && !transcript) from = 'speech';
      else if ((from === 'insights' || from === 'finish') && !transcript?.analytics) from = 'text';
      return queueRun(row, from);
    },

    async status(caller: Caller, meetingId: string): Promise<OfflineStatus> {
      const row = await meetings.visible(caller, meetingId);
      const [run, transcript] = await Promise.all([repo.run(row.id), repo.transcript(row.id)]);
      return statusOf(row, run, transcript);
    },

    /**
     * A meeting just made from a stored file: queue its whole run when the plan has credits
     * for it; otherwise it stays 'uploaded' with the plan's refusal as the reason.
     */
    async autoStart(row: MeetingRow): Promise<MeetingRow> {
      // A live call has no file until its recording arrives (meetings.importRecording).
      if (!row.sourceKey) return row;
      try {
        await deps.plans.assertCredits(row.organizationId, minutesOf(row.durationSec), row.ownerId);
      } catch (err) {
        if (!(err instanceof AppError) || err.statusCode !== 402) throw err;
        const updated = await meetings.updateStatus(row.id, 'uploaded', err.message);
        await announce(row.id);
        return updated ?? row;
      }
      await queueRun(row, 'media');
      return (await meetings.rowById(row.id)) ?? row;
    },
  };
}
export type AnalysisService = ReturnType<typeof createAnalysisService>;
