import {
  ANALYSIS_MESSAGES as A,
  ANALYSIS_STEP_LABELS,
  CREDIT_MESSAGES,
  type AnalysisJob,
  type AnalysisStep,
  readySteps,
  stepsAfter,
} from '@parley/contracts';
import {
  configuredSpeakerEmbedder,
  runSpeechStep,
  runTextStep,
  type SpeechResult,
} from '@parley/analysis';
import { permanentMediaReason, reasonForUsers } from '../../platform/media/failures.js';
import { withLocalFile } from '../../platform/media/local-file.js';
import { creditsFor } from '../billing/index.js';
import type { JobQueue, JobRun } from '../../platform/queue/index.js';
import { createProgressReporter } from '../../platform/queue/progress.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { MeetingRow, MeetingsService } from '../meetings/index.js';
import type { BillingService } from '../billing/index.js';
import type { InsightsService } from '../insights/index.js';
import type { VideoStep } from '../video-signals/index.js';
import { analysisDeadLetter, analysisStepJobs } from './jobs.js';
import type { AnalysisRepo, RunRow } from './repo.js';
import type { Redact } from '../privacy/index.js';
import { recordSpeechNotice } from './speech-notice.js';
import { knownSpeakerCount, minutesOf, type AnalysisService } from './service.js';

export interface WorkerDeps {
  repo: AnalysisRepo;
  analysis: AnalysisService;
  meetings: MeetingsService;
  /** Masks PII in the transcript's words as the organisation asks, before they are stored. */
  redact: Redact;
  plans: BillingService;
  resolveStore: StoreResolver;
  /** Runs the Zai prompts of the insights step. */
  insights: Pick<InsightsService, 'runStep'>;
  now: () => Date;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Progress is written and announced at most this often (ms). */
  progressIntervalMs?: number;
  /** The 'video' step's work; without it the step is skipped. */
  video?: VideoStep;
  /** Told each stored transcript (search rewrites its segments); a failure retries the step. */
  transcriptWritten?: (meetingId: string) => Promise<void>;
  /** Told each meeting whose analysis has just finished (CRM write-back, deal warnings); failures are logged. */
  analysed?: (meetingId: string) => Promise<void>;
}

/** A failure no retry can fix (a file that is not media, a plan without credits). */
export class PermanentStepError extends Error {}

interface StepContext {
  job: AnalysisJob;
  meeting: MeetingRow;
  /** Records a fraction 0..1 of the step, throttled. */
  progress(fraction: number): void;
  /** Aborted once the job was given back: the queue stopped, or the attempt expired (JobRun.signal). */
  signal: AbortSignal;
}

/**
 * One pg-boss handler per step, and the dead-letter handler (ARCHITECTURE §4). Every step
 * handler is idempotent: a job of a replaced run stops; a step already done for its run only
 * sends the next one; outputs are upserted by meeting; the next step is sent with a
 * singleton key, so a job delivered twice still leads to one next job.
 */
export async function registerAnalysisWorkers(queue: JobQueue, deps: WorkerDeps): Promise<void> {
  const { repo, analysis, meetings, now, log } = deps;
  const interval = deps.progressIntervalMs ?? 1000;

  /**
   * Sends the steps that read this one's output and now have everything they need. Two steps
   * finishing at once may both send a step; its singleton key collapses the second.
   */
  async function sendNext(job: AnalysisJob, run: RunRow, durationSec: number | null) {
    for (const next of readySteps(run.steps, stepsAfter(job.step))) {
      await analysis.sendStep({ ...job, step: next }, durationSec);
    }
  }

  /** Sends `step` of this run before its turn, if it has not been sent or started yet. */
  async function sendEarly(job: AnalysisJob, step: AnalysisStep, durationSec: number | null) {
    const run = await repo.run(job.meetingId);
    if (run?.runId === job.runId && run.steps[step]?.state === 'pending') {
      await analysis.sendStep({ ...job, step }, durationSec);
    }
  }

  async function failRun(job: AnalysisJob, reason: string, statusReason: string): Promise<void> {
    const run = await repo.patchStep(
      job.meetingId,
      job.runId,
      job.step,
      { state: 'failed', error: reason, finishedAt: now().toISOString() },
      now(),
    );
    if (!run) return; // replaced meanwhile: the new run owns the meeting's status
    await meetings.updateStatus(job.meetingId, 'failed', statusReason);
    await analysis.announce(job.meetingId);
  }

  /** A body that answers 'skipped' marks its step skipped (a feature the plan lacks). */
  function handler(step: AnalysisStep, body: (ctx: StepContext) => Promise<void | 'skipped'>) {
    return async (job: AnalysisJob, ctx: JobRun): Promise<void> => {
      const run = await repo.run(job.meetingId);
      if (!run || run.runId !== job.runId) return; // stale: a newer run or a deleted meeting
      const meeting = await meetings.rowById(job.meetingId);
      if (!meeting) return;
      const record = run.steps[step];
      // A step this run already finished (or skipped after looking) only sends the next one.
      if (record?.state === 'done' || (record?.state === 'skipped' && record.finishedAt)) {
        await sendNext(job, run, meeting.durationSec);
        return;
      }
      // A step running beside this one failed the run: nothing more is done for it.
      if (Object.values(run.steps).some((r) => r.state === 'failed')) return;

      const started = await repo.patchStep(
        job.meetingId,
        job.runId,
        step,
        {
          state: 'running',
          progress: 0,
          attempts: ctx.attempt,
          error: null,
          startedAt: now().toISOString(),
          finishedAt: null,
        },
        now(),
      );
      if (!started) return;
      if (meeting.inferenceStatus !== 'analysing') {
        await meetings.updateStatus(job.meetingId, 'analysing', null);
      }
      await analysis.announce(job.meetingId);

      const reporter = createProgressReporter({
        intervalMs: interval,
        write: async (progress) => {
          const r = await repo.patchStep(job.meetingId, job.runId, step, { progress }, now());
          if (r) await analysis.announce(job.meetingId);
        },
        onError: (err) => log.warn({ err, ...job }, 'progress not recorded'),
      });

      let outcome: void | 'skipped';
      try {
        outcome = await body({ job, meeting, progress: reporter.report, signal: ctx.signal });
        await reporter.flush();
      } catch (err) {
        await reporter.flush();
        const permanent =
          err instanceof PermanentStepError ? err.message : permanentMediaReason(err);
        if (permanent !== null) {
          // No retry can fix the recording itself: the meeting fails at this attempt.
          log.warn({ err, ...job, attempt: ctx.attempt }, 'analysis step failed for good');
          await failRun(job, permanent, permanent);
          return;
        }
        const last = ctx.attempt >= ctx.attempts;
        log.warn({ err, ...job, attempt: ctx.attempt, last }, 'analysis step failed');
        // Kept for the status route while the retry waits; after the last attempt the
        // dead-letter handler marks the step failed.
        await repo.patchStep(
          job.meetingId,
          job.runId,
          step,
          { state: 'pending', error: reasonForUsers(err) },
          now(),
        );
        await analysis.announce(job.meetingId);
        throw err;
      }

      const done = await repo.patchStep(
        job.meetingId,
        job.runId,
        step,
        {
          state: outcome === 'skipped' ? 'skipped' : 'done',
          progress: 100,
          error: null,
          finishedAt: now().toISOString(),
        },
        now(),
      );
      if (!done) return;
      const fresh = await meetings.rowById(job.meetingId);
      await analysis.announce(job.meetingId);
      await sendNext(job, done, fresh?.durationSec ?? meeting.durationSec);
    };
  }

  await queue.work(
    analysisStepJobs.media,
    handler('media', async ({ job }) => {
      const outcome = await meetings.processMedia(job.meetingId);
      if (!outcome.ok) throw new PermanentStepError(outcome.reason);
    }),
  );

  await queue.work(
    analysisStepJobs.speech,
    handler('speech', async ({ job, meeting, progress, signal }) => {
      const sourceKey = meeting.sourceKey;
      if (!sourceKey) throw new PermanentStepError(A.notReady);
      const store = await deps.resolveStore(meeting.organizationId, meeting.storageProvider);
      if (!(await store.info(sourceKey))) throw new Error('the recording is no longer in storage');
      // The meeting's participants, when known, bound the speaker count. A speaker-embedding
      // model (SPEAKER_EMBEDDING_MODEL or pulled into DATA_DIR/models) decides who speaks when;
      // without one the built-in voice statistics do.
      const speakers = await knownSpeakerCount(meeting, repo);
      const speakerModel = await configuredSpeakerEmbedder();
      /** Stores the transcript so far and tells the meeting's room it can be read. */
      const storeTranscript = async (result: SpeechResult, transcribedSec: number) => {
        // Masked before it is stored: search, Zai and reports only ever read these words.
        const { words, originalWords } = await deps.redact(
          meeting.organizationId,
          result.words.map((w) => ({
            word: w.word,
            start: w.start,
            end: w.end,
            speaker: w.speaker,
            confidence: w.confidence,
          })),
        );
        await repo.upsertTranscript(
          {
            meetingId: meeting.id,
            organizationId: meeting.organizationId,
            runId: job.runId,
            engine: result.engine,
            audioLengthSec: result.durationSec,
            words,
            originalWords,
            turns: result.turns.map((t) => ({
              speaker: t.speaker,
              start: t.start,
              end: t.end,
              ...(t.overlap === undefined ? {} : { overlap: t.overlap }),
            })),
            speakerCount: result.speakerCount,
            language: result.language,
          },
          now(),
        );
        analysis.announceTranscript(meeting.id, {
          transcribedSec,
          durationSec: result.durationSec,
          words: result.words.length,
        });
      };
      const result = await withLocalFile(store, sourceKey, (file) =>
        runSpeechStep(file, {
          speakers,
          onProgress: progress,
          signal,
          embedder: speakerModel?.embed,
          // Each batch's transcript is stored and announced at once: the meeting page shows
          // the first lines while the rest is transcribed (the final write replaces it).
          onPartial: (partial) => storeTranscript(partial, partial.transcribedSec),
          // The video step is held behind this one (ANALYSIS_STEP_NEEDS) only until here.
          onTranscribing: () => sendEarly(job, 'video', meeting.durationSec),
        }),
      );
      await storeTranscript(result, result.durationSec);
      await recordSpeechNotice(deps, meeting.id, result);
      await deps.transcriptWritten?.(meeting.id);
    }),
  );

  await queue.work(
    analysisStepJobs.text,
    handler('text', async ({ job }) => {
      const transcript = await repo.transcript(job.meetingId);
      if (!transcript) throw new Error('the meeting has no transcript to analyse');
      const analytics = runTextStep({
        words: transcript.words,
        turns: transcript.turns,
        audioLengthSec: transcript.audioLengthSec,
      });
      await repo.saveAnalytics(job.meetingId, { ...analytics }, now());
    }),
  );

  await queue.work(
    analysisStepJobs.video,
    handler('video', async ({ job, meeting, progress, signal }) => {
      if (!deps.video) return 'skipped';
      const outcome = await deps.video.run(meeting, job.runId, progress, signal);
      return outcome === 'skipped' ? 'skipped' : undefined;
    }),
  );

  await queue.work(
    analysisStepJobs.insights,
    handler('insights', async ({ job, meeting, progress }) => {
      const outcome = await deps.insights.runStep({ meeting, runId: job.runId, progress });
      return outcome === 'skipped' ? 'skipped' : undefined;
    }),
  );

  await queue.work(
    analysisStepJobs.finish,
    handler('finish', async ({ job, meeting }) => {
      const transcript = await repo.transcript(job.meetingId);
      const minutes = minutesOf(meeting.durationSec ?? transcript?.audioLengthSec);
      const outcome = await repo.finishRun(
        job.meetingId,
        job.runId,
        (tx) => deps.plans.cutCreditsWithin(tx, meeting.organizationId, minutes, meeting.ownerId),
        now(),
      );
      if (outcome === 'refused') {
        const left =
          (await deps.plans.remainingCredits(meeting.organizationId, meeting.ownerId)) ?? 0;
        throw new PermanentStepError(CREDIT_MESSAGES.notEnough(creditsFor(minutes), left));
      }
      if (outcome === 'finished') {
        log.info({ ...job, minutes }, 'meeting analysed');
        // The analysis is done and charged: what listeners do after it must not undo that.
        await deps.analysed?.(job.meetingId).catch((err: unknown) => {
          log.warn({ err, meetingId: job.meetingId }, 'a listener of finished analyses failed');
        });
      }
    }),
  );

  await queue.work(analysisDeadLetter, async (job, ctx) => {
    const run = await repo.run(job.meetingId);
    if (!run || run.runId !== job.runId) return;
    const reason = ctx.reason ?? run.steps[job.step]?.error ?? 'the step kept failing';
    log.warn({ ...job, reason }, 'analysis step dead-lettered');
    await failRun(job, reason, A.deadLettered(ANALYSIS_STEP_LABELS[job.step], reason));
  });
}
