import { randomUUID } from 'node:crypto';
import {
  BIOMETRIC_EVENTS as E,
  PARTICIPANT_MESSAGES as P,
  isBiometricRunActive,
  type BiometricJob,
  type BiometricResult,
  type BiometricRun,
  type BiometricStage,
} from '@parley/contracts';
import { AppError, badRequest } from '../../platform/errors.js';
import { reasonForUsers } from '../../platform/media/failures.js';
import type { JobQueue, JobRun } from '../../platform/queue/index.js';
import { createProgressReporter } from '../../platform/queue/progress.js';
import type { MeetingBroadcaster } from '../../platform/realtime/index.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { MeetingRow, MeetingsService } from '../meetings/index.js';
import type { BiometricEngine, Candidate, Turn, Verdict } from './engine.js';
import { verificationJob } from './jobs.js';
import type { ParticipantRow, ParticipantsRepo } from './repo.js';
import type { RunPatch, RunRepo, RunRow } from './run-repo.js';
import { openTemplates } from './templates.js';
import { messageOf, notRegistered, runStatusOf } from './view.js';

export interface VerificationDeps {
  repo: ParticipantsRepo;
  runs: RunRepo;
  secrets: SecretBox;
  engine: BiometricEngine;
  queue: JobQueue;
  broadcaster: MeetingBroadcaster;
  meetings: Pick<MeetingsService, 'rowById'>;
  /** The meeting's diarized turns, empty until it is transcribed. */
  turnsOf(meetingId: string): Promise<Turn[]>;
  /** Progress is written and announced at most this often (ms). */
  progressIntervalMs?: number;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

/** Where each stage starts in the run's 0–100; the face pass over the video is most of it. */
const STAGE_SPAN: Record<BiometricStage, [number, number]> = {
  registrationCheck: [0, 2],
  faceRecognition: [2, 85],
  voiceRecognition: [85, 93],
  imagesAndAudio: [93, 99],
};

/**
 * Offline verification of a meeting's participants as a pg-boss job (jobs.ts), one run per
 * meeting at a time. Starting queues the run and answers at once; the job reports its stage
 * and progress to the run row and the meeting's room. The job is idempotent: a job of a
 * replaced or finished run stops, and results are upserted per participant, so a re-delivered
 * job replaces them. A failed attempt is retried (the analysis policy); the last failure, or a
 * job that never came back, is recorded as the run's failure.
 */
export function createVerification(deps: VerificationDeps) {
  const { repo, runs, now, log } = deps;

  /** Sends the run's status to the meeting's room and returns it. */
  function announce(meetingId: string, run: RunRow): BiometricRun {
    const status = runStatusOf(meetingId, run);
    deps.broadcaster.toMeeting(meetingId, E.status, status);
    return status;
  }

  /** Patches the run and announces it; nothing when the run was replaced meanwhile. */
  async function update(meetingId: string, runId: string, set: RunPatch): Promise<RunRow | null> {
    const row = await runs.patch(meetingId, runId, set, now());
    if (row) announce(meetingId, row);
    return row;
  }

  async function candidatesOf(rows: ParticipantRow[]) {
    const registered: { row: ParticipantRow; candidate: Candidate }[] = [];
    const unregistered: ParticipantRow[] = [];
    for (const row of rows) {
      const t =
        row.status === 'processed'
          ? await openTemplates(repo, deps.secrets, row)
          : { face: null, voice: null };
      if (t.face) registered.push({ row, candidate: { id: row.id, ...t } });
      else unregistered.push(row);
    }
    return { registered, unregistered };
  }

  async function save(meetingId: string, rows: ParticipantRow[], results: BiometricResult[]) {
    for (const r of results) {
      const row = rows.find((x) => x.id === r.subjectId)!;
      await repo.saveResult(
        { meetingId, participantId: row.id, organizationId: row.organizationId },
        r,
        now(),
      );
    }
  }

  const resultOf = (
    row: ParticipantRow,
    meetingId: string,
    inferenceId: string | null,
    v: Verdict,
  ): BiometricResult => {
    const { candidateId: _, ...rest } = v;
    return {
      ...rest,
      meetingId,
      inferenceId,
      subjectId: row.id,
      subjectName: row.name || row.email,
      registrationCheck: 1,
      verificationMessage: messageOf(row.name, v),
      verifiedAt: now().toISOString(),
    };
  };

  /** The run's work: registration check, the engine's stages, then every result stored. */
  async function verifyRun(meeting: MeetingRow, run: RunRow, attempt: number): Promise<void> {
    const { id: meetingId } = meeting;
    // Widened: the engine's callback moves it, which the compiler cannot follow.
    let stage = 'registrationCheck' as BiometricStage;
    const reporter = createProgressReporter({
      intervalMs: deps.progressIntervalMs ?? 1000,
      // Fractions of the whole run: a write queued before a stage change still means its stage.
      write: (progress) => update(meetingId, run.runId, { progress }),
      onError: (err) => log.warn({ err, meetingId }, 'verification progress not recorded'),
    });
    const enter = (next: BiometricStage) => {
      stage = next;
      reporter.then(async () => {
        if (next === 'faceRecognition')
          deps.broadcaster.toMeeting(meetingId, E.faceRecognition('started'), { meetingId });
        if (next === 'voiceRecognition')
          deps.broadcaster.toMeeting(meetingId, E.voiceRecognition('started'), { meetingId });
        await update(meetingId, run.runId, { stage: next, progress: STAGE_SPAN[next][0] });
      });
    };

    try {
      const started = await update(meetingId, run.runId, {
        state: 'running',
        stage,
        progress: 0,
        attempts: attempt,
        error: null,
        startedAt: now(),
        finishedAt: null,
      });
      if (!started) return; // replaced meanwhile

      const rows = run.participantId
        ? [await repo.byId(run.organizationId, run.participantId)].filter((r) => r !== null)
        : await repo.list(run.organizationId, meetingId);
      const { registered, unregistered } = await candidatesOf(rows);
      const results = unregistered.map((row) =>
        notRegistered(row, meetingId, run.inferenceId, now()),
      );
      deps.broadcaster.toMeeting(meetingId, E.registrationCheck, {
        meetingId,
        participants: rows.map((row) => ({
          subjectId: row.id,
          subjectName: row.name || row.email,
          registrationCheck: registered.some((r) => r.row.id === row.id) ? 1 : -1,
        })),
      });

      if (registered.length > 0) {
        const verdicts = await deps.engine.verifyMeeting(
          meeting,
          await deps.turnsOf(meetingId),
          registered.map((r) => r.candidate),
          (next, fraction) => {
            if (next !== stage) enter(next);
            const [from, to] = STAGE_SPAN[next];
            reporter.report((from + (to - from) * fraction) / 100);
          },
        );
        for (const v of verdicts) {
          const row = registered.find((r) => r.row.id === v.candidateId)!.row;
          results.push(resultOf(row, meetingId, run.inferenceId, v));
        }
        deps.broadcaster.toMeeting(meetingId, E.faceRecognition('data'), {
          meetingId,
          subjects: verdicts.map((v) => ({
            subjectId: v.candidateId,
            status: v.status,
            similarity: v.face?.similarity ?? null,
          })),
        });
        deps.broadcaster.toMeeting(meetingId, E.faceRecognition('stopped'), { meetingId });
      }
      await reporter.flush();
      await save(meetingId, rows, results);
      deps.broadcaster.toMeeting(meetingId, E.imagesAndAudio, {
        meetingId,
        subjects: results.map((r) => ({
          subjectId: r.subjectId,
          image: r.image !== null,
          audio: r.audio !== null,
        })),
      });
    } catch (err) {
      await reporter.flush();
      if (stage === 'faceRecognition')
        deps.broadcaster.toMeeting(meetingId, E.faceRecognition('failed'), {
          meetingId,
          reason: reasonForUsers(err),
        });
      if (stage === 'voiceRecognition')
        deps.broadcaster.toMeeting(meetingId, E.voiceRecognition('failed'), {
          meetingId,
          reason: reasonForUsers(err),
        });
      throw err;
    }
  }

  /** Records the run's failure (once) and tells the room. */
  async function fail(meetingId: string, runId: string, reason: string): Promise<void> {
    await update(meetingId, runId, { state: 'failed', error: reason, finishedAt: now() });
  }

  async function handle({ meetingId, runId }: BiometricJob, ctx: JobRun): Promise<void> {
    const run = await runs.get(meetingId);
    // Stale (a newer run, a deleted meeting) or already finished by an earlier delivery.
    if (!run || run.runId !== runId || !isBiometricRunActive(run.state)) return;
    const meeting = await deps.meetings.rowById(meetingId);
    if (!meeting) return;
    try {
      await verifyRun(meeting, run, ctx.attempt);
    } catch (err) {
      const reason = reasonForUsers(err);
      const last = ctx.attempt >= ctx.attempts;
      log.warn(
        { err, meetingId, runId, attempt: ctx.attempt, last },
        'biometric verification failed',
      );
      if (last) await fail(meetingId, runId, reason);
      else {
        // Kept for the status route while the retry waits.
        await update(meetingId, runId, { state: 'queued', error: reason });
      }
      throw err;
    }
    await update(meetingId, runId, {
      state: 'done',
      stage: null,
      progress: 100,
      error: null,
      finishedAt: now(),
    });
  }

  return {
    async status(meetingId: string): Promise<BiometricRun> {
      return runStatusOf(meetingId, await runs.get(meetingId));
    },

    /**
     * Queues a run over `participant` (or every participant of the meeting) and answers at
     * once. While a run is queued or running, its status is the answer: no second run. When
     * nobody to verify has registered a face, the 'Not registered' results are stored now and
     * the run is done without a job.
     */
    async start(
      meeting: MeetingRow,
      opts: {
        /** Whose participants are verified: the caller's (the meeting's, but for a super admin). */
        organizationId: string;
        participant: ParticipantRow | null;
        inferenceId: string | null;
        requestedBy: string;
      },
    ): Promise<BiometricRun> {
      if (!(meeting.playbackKey ?? meeting.sourceKey)) throw badRequest(P.noVideo);
      const current = await runs.get(meeting.id);
      if (current && isBiometricRunActive(current.state)) return runStatusOf(meeting.id, current);

      const rows = opts.participant
        ? [opts.participant]
        : await repo.list(opts.organizationId, meeting.id);
      const hasFace = await Promise.all(
        rows.map(async (r) => (await repo.templates(r.id)).some((t) => t.kind === 'face')),
      );
      const anyRegistered = rows.some((r, i) => r.status === 'processed' && hasFace[i]);
      const values = {
        meetingId: meeting.id,
        organizationId: opts.organizationId,
        runId: randomUUID(),
        participantId: opts.participant?.id ?? null,
        inferenceId: opts.inferenceId,
        requestedBy: opts.requestedBy,
      };

      if (!anyRegistered) {
        const run = await runs.begin(
          { ...values, state: 'done', progress: 100, startedAt: now(), finishedAt: now() },
          now(),
        );
        if (!run) return runStatusOf(meeting.id, await runs.get(meeting.id));
        const results = rows.map((row) => notRegistered(row, meeting.id, opts.inferenceId, now()));
        await save(meeting.id, rows, results);
        deps.broadcaster.toMeeting(meeting.id, E.registrationCheck, {
          meetingId: meeting.id,
          participants: results.map((r) => ({
            subjectId: r.subjectId,
            subjectName: r.subjectName,
            registrationCheck: -1,
          })),
        });
        return announce(meeting.id, run);
      }

      const run = await runs.begin({ ...values, state: 'queued' }, now());
      // Another start made its run between the read above and this write.
      if (!run) return runStatusOf(meeting.id, await runs.get(meeting.id));
      let jobId: string | null = null;
      let sendError: unknown = null;
      try {
        jobId = await deps.queue.send(
          verificationJob,
          { meetingId: meeting.id, runId: run.runId },
          { durationSec: meeting.durationSec },
        );
      } catch (err) {
        sendError = err;
      }
      if (!jobId) {
        // Never leave a run 'queued' with no job behind it: a later start could not replace it.
        log.warn({ err: sendError, meetingId: meeting.id }, 'verification job not queued');
        await fail(meeting.id, run.runId, P.verifyFailed);
        throw new AppError(500, P.verifyFailed);
      }
      return announce(meeting.id, run);
    },

    /** Runs the verification jobs, and records the failure of those whose retries ran out. */
    async registerWorker(): Promise<void> {
      await deps.queue.work(verificationJob, handle);
      await deps.queue.work(verificationJob.deadLetter, async ({ meetingId, runId }, ctx) => {
        const run = await runs.get(meetingId);
        // Only a run still waiting: the handler records the failures it sees itself.
        if (!run || run.runId !== runId || !isBiometricRunActive(run.state)) return;
        const reason = ctx.reason ?? run.error ?? 'the verification kept failing';
        log.warn({ meetingId, runId, reason }, 'biometric verification dead-lettered');
        await fail(meetingId, runId, reason);
      });
    },
  };
}
export type Verification = ReturnType<typeof createVerification>;
