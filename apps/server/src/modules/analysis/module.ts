import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { MeetingBroadcaster } from '../../platform/realtime/index.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { BillingService } from '../billing/index.js';
import type { MeetingsService } from '../meetings/index.js';
import type { Redact } from '../privacy/index.js';
import { createAnalysisRepo } from './repo.js';
import { registerAnalysisRoutes } from './routes.js';
import { createAnalysisService } from './service.js';
import { registerAnalysisWorkers, type WorkerDeps } from './worker.js';

export interface AnalysisNeeds {
  db: Db;
  meetings: MeetingsService;
  /** Masks PII in the speech step's words as the organisation asks. */
  redact: Redact;
  plans: BillingService;
  queue: JobQueue;
  broadcaster: MeetingBroadcaster;
  resolveStore: StoreResolver;
  now: () => Date;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * The steps other modules do for the pipeline (the insights prompts, the video signals).
 * Those modules read the transcript this one stores, so they are created after it and hand
 * their steps over when the workers start.
 */
/** Told the meeting whose transcript the speech step has just stored. */
export type TranscriptWritten = (meetingId: string) => Promise<void>;

export type PipelineSteps = Pick<WorkerDeps, 'insights' | 'video'>;

/** The analysis pipeline: runs, their status, and the workers of its step jobs. */
export function createAnalysisModule(needs: AnalysisNeeds) {
  const repo = createAnalysisRepo(needs.db);
  const service = createAnalysisService({ ...needs, repo });
  // Modules created later that keep something in step with the transcript (search).
  const written: TranscriptWritten[] = [];
  const transcriptWritten = async (meetingId: string) => {
    for (const listener of written) await listener(meetingId);
  };
  // Modules that follow finished analyses (the CRM write-back, the sales deal warnings). The run is finished and
  // its credits cut: a listener's failure is logged, never the step's.
  const finished: TranscriptWritten[] = [];
  const analysed = async (meetingId: string) => {
    for (const listener of finished) {
      try {
        await listener(meetingId);
      } catch (err) {
        needs.log.warn({ err, meetingId }, 'a listener of finished analyses failed');
      }
    }
  };
  return {
    service,
    /** Called after the speech step stores a meeting's transcript; a failure fails the step. */
    onTranscriptWritten(listener: TranscriptWritten): void {
      written.push(listener);
    },
    /** Called after a meeting's analysis has finished (every step done, credits cut); failures are logged. */
    onAnalysed(listener: (meetingId: string) => Promise<void>): void {
      finished.push(listener);
    },
    /** The meeting's stored transcript, null before the speech step has run. */
    transcriptOf: (meetingId: string) => repo.transcript(meetingId),
    registerRoutes: (api: FastifyInstance) => registerAnalysisRoutes(api, service),
    /** Runs the step jobs (processes that run jobs: ROLE all or worker). */
    registerWorkers: (steps: PipelineSteps) =>
      registerAnalysisWorkers(needs.queue, {
        ...needs,
        ...steps,
        repo,
        analysis: service,
        transcriptWritten,
        analysed,
      }),
  };
}
