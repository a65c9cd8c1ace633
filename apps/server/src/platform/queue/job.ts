import type { QueueName } from '@parley/contracts';
import type { ZodType } from 'zod';

/**
 * The one way to define a background job (issue 22): its queue, the schema of its payload, how
 * it is retried and where it goes once no retry is left. `JobQueue.send` takes the definition
 * (the payload's type comes from the schema, the retry options from the definition) and
 * `JobQueue.work` runs a handler for it; `startQueue` creates the queues the definitions name.
 */

/** How a deployment retries jobs over a recording (config ANALYSIS_RETRY_*, ANALYSIS_EXPIRE_*). */
export interface RetrySettings {
  /** Retries after the first attempt. */
  limit: number;
  delaySeconds: number;
  /** No job expires sooner than this, however short its recording. */
  expireMinSeconds: number;
  /** Seconds a job may take per second of its recording before it counts as stuck. */
  expirePerMediaSecond: number;
}

/** The pg-boss options one job is sent with. */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  limit: number;
  /** Seconds before the first retry. */
  delaySeconds: number;
  /** Each retry waits about twice as long as the one before. */
  backoff: boolean;
  /** An attempt running longer counts as stuck: failed, then retried. Kept under 24 hours. */
  expireInSeconds: number;
}

/** What a job's policy may grow with: the length of the recording the job reads. */
export interface JobScale {
  durationSec: number | null;
}

/** A policy worked out when the job is sent, from the deployment's settings and the job's scale. */
export type RetryRule = (settings: RetrySettings, scale: JobScale) => RetryPolicy;

/**
 * The policy of every job over a recording: the deployment's retries with back-off, and a time
 * limit that grows with the recording, so a long meeting is not taken for a stuck one.
 */
export const retryOverRecording: RetryRule = (settings, { durationSec }) => ({
  limit: settings.limit,
  delaySeconds: settings.delaySeconds,
  backoff: true,
  expireInSeconds: Math.ceil(
    Math.max(settings.expireMinSeconds, (durationSec ?? 0) * settings.expirePerMediaSecond),
  ),
});

/** A queue that receives the jobs of one or more definitions once their retries ran out. */
export interface DeadLetterDefinition<T> {
  readonly queue: QueueName;
  readonly schema: ZodType<T>;
}

/** A job: where it is queued, what its payload is, how it is retried and where it ends. */
export interface JobDefinition<T> {
  readonly queue: QueueName;
  readonly schema: ZodType<T>;
  readonly retry: RetryPolicy | RetryRule;
  /** Every job has one: a failure nobody records would leave its work 'running' for ever. */
  readonly deadLetter: DeadLetterDefinition<T>;
  /** While a job with the same key waits, sending another does nothing (duplicates collapse). */
  readonly singletonKey?: (payload: T) => string;
}

/** A run of a job as its handler sees it. */
export interface JobRun {
  id: string;
  /** 1 for the first run. */
  attempt: number;
  /** Attempts allowed in all (first run plus retries). */
  attempts: number;
  /** Why the job was dead-lettered, as users may read it (dead-letter queues only, else null). */
  reason: string | null;
  /**
   * Aborted when the queue stops and the grace period is over, or when the attempt outlives
   * its expiry: either way the job has been given back (pg-boss retries it), and work this
   * attempt started in other processes (speech engines) should end rather than run on.
   */
  signal: AbortSignal;
}

export type JobHandler<T> = (payload: T, run: JobRun) => Promise<void>;

export const defineJob = <T>(definition: JobDefinition<T>): JobDefinition<T> => definition;

export const defineDeadLetter = <T>(definition: DeadLetterDefinition<T>): DeadLetterDefinition<T> =>
  definition;

/** What the queue list needs of a definition, whatever its payload. */
export interface JobQueueNames {
  readonly queue: QueueName;
  readonly deadLetter: { readonly queue: QueueName };
}

/** The queues to create for these definitions, dead letters first (a queue names its own). */
export function queuesOf(
  definitions: readonly JobQueueNames[],
): { name: QueueName; deadLetter?: QueueName }[] {
  const deadLetters = new Set(definitions.map((d) => d.deadLetter.queue));
  const jobs = new Map(definitions.map((d) => [d.queue, d.deadLetter.queue]));
  return [
    ...[...deadLetters].map((name) => ({ name })),
    ...[...jobs].map(([name, deadLetter]) => ({ name, deadLetter })),
  ];
}

/** The options one job is sent with: the definition's policy, worked out for its scale. */
export function policyOf<T>(
  definition: JobDefinition<T>,
  settings: RetrySettings,
  scale: JobScale,
): RetryPolicy {
  return typeof definition.retry === 'function'
    ? definition.retry(settings, scale)
    : definition.retry;
}
