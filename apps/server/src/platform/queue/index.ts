import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import parseInterval from 'postgres-interval';
import { migrateOnce, type Database } from '../db/client.js';
import { withoutServerDetails } from '../errors.js';
import {
  REQUEST_ID_KEY,
  TRACEPARENT_KEY,
  currentWork,
  withWork,
} from '../observability/request-context.js';
import {
  policyOf,
  queuesOf,
  type DeadLetterDefinition,
  type JobDefinition,
  type JobHandler,
  type JobScale,
  type JobQueueNames,
  type RetrySettings,
} from './job.js';

export {
  defineDeadLetter,
  defineJob,
  retryOverRecording,
  type DeadLetterDefinition,
  type JobDefinition,
  type JobHandler,
  type JobRun,
  type JobScale,
  type RetryPolicy,
  type RetryRule,
  type RetrySettings,
} from './job.js';

/**
 * pg-boss on the application's own database, PGlite or PostgreSQL (ARCHITECTURE §1): jobs
 * live in the `pgboss` schema next to the data they work on, so there is nothing else to run.
 */

export interface QueueSettings {
  /** How often an idle worker asks for a job. */
  pollSeconds: number;
  /** How often pg-boss looks for expired jobs (a crashed worker's) and archives old ones. */
  maintenanceSeconds: number;
  /** What the definitions' retry rules read. */
  retry: RetrySettings;
  /** Told of every job that ran, how long it took and whether it succeeded (metrics). */
  onJobDone?(queue: string, seconds: number, ok: boolean): void;
  /** Runs each job inside its trace span when tracing is on (observability/tracing.ts). */
  traceJob?<T>(
    queue: string,
    parent: string | undefined,
    run: (traceparent: string) => Promise<T>,
  ): Promise<T>;
}

export interface JobQueue {
  readonly boss: PgBoss;
  /**
   * Queues a job with its definition's retry policy, worked out for `scale`. Null when a job
   * with the same singleton key is already waiting (duplicates collapse).
   */
  send<T>(
    job: JobDefinition<T>,
    payload: NoInfer<T>,
    scale?: JobScale,
    /** `startAfter`: the job waits until then (a calendar event's start). */
    timing?: { startAfter?: Date },
  ): Promise<string | null>;
  /** Cancels a job still waiting (a rescheduled or cancelled event's); false when it was not. */
  cancel(queue: string, jobId: string): Promise<boolean>;
  /**
   * Starts one worker for the definition's queue: it runs one job at a time. A payload that
   * fails the schema is logged and failed at once (no retry can make it valid), so it is
   * dead-lettered like any job whose retries ran out.
   */
  work<T>(job: JobDefinition<T> | DeadLetterDefinition<T>, handler: JobHandler<T>): Promise<void>;
  /**
   * Fails jobs left 'active' by a process that died, as an attempt: retried while attempts
   * remain, otherwise failed and dead-lettered. Only safe when no other process can be working
   * on them: PGlite, whose data directory one process holds.
   */
  requeueOrphans(names: readonly string[]): Promise<number>;
  /** Stops fetching, waits up to `graceSeconds` for jobs in flight, then fails them (retried later). */
  stop(graceSeconds: number): Promise<void>;
}

type Rows = { rows: unknown[] };

/** The reason kept with a job whose process ended under it (requeueOrphans). */
const ORPHANED = 'the server stopped while it ran this job (the process ended or was killed)';
/**
 * Seconds of a job's expireIn: an interval node-postgres parses into its parts and PGlite
 * answers as text (`00:15:00`), which the parser node-postgres uses reads the same way.
 */
export function secondsOf(interval: unknown): number {
  if (typeof interval === 'string') return secondsOf(parseInterval(interval));
  if (!interval || typeof interval !== 'object') return 0;
  const part = (key: string) => {
    const v = (interval as Record<string, unknown>)[key];
    return typeof v === 'number' ? v : 0;
  };
  return (
    part('days') * 86_400 +
    part('hours') * 3600 +
    part('minutes') * 60 +
    part('seconds') +
    part('milliseconds') / 1000
  );
}

/** pg-boss's words for an expired job, which is either of two things; users get both. */
const PG_BOSS_TIMEOUT = 'job failed by timeout in active state';
const TIMED_OUT =
  'it ran longer than its time limit, or the server running it stopped (the process ended or was killed)';
/** pg-boss refuses an expiry of 24 hours or more (its MAX_EXPIRATION_HOURS). */
const MAX_EXPIRE_SECONDS = 24 * 3600 - 60;

/**
 * The error pg-boss kept with a failed job, as users may read it: `{ message }` for thrown
 * errors, `{ value: { message } }` for timeouts. Never a path or a stack (issue 21).
 */
export function failureReason(output: unknown): string | null {
  const o = output as { message?: unknown; value?: { message?: unknown } } | null | undefined;
  const message =
    typeof o?.message === 'string'
      ? o.message
      : typeof o?.value?.message === 'string'
        ? o.value.message
        : null;
  if (message === null) return null;
  return message === PG_BOSS_TIMEOUT ? TIMED_OUT : withoutServerDetails(message);
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * The error a failed attempt ends with, as pg-boss keeps it (and users may read it): pg-boss
 * stores the stack too, whose lines name the server's files, so its stack is its message alone.
 */
function jobFailure(message: string): Error {
  const failure = new Error(message);
  failure.stack = `Error: ${message}`;
  return failure;
}

/** A schema's complaints in one line, e.g. "meetingId: Invalid UUID". */
const issuesOf = (issues: readonly { path: PropertyKey[]; message: string }[]) =>
  issues.map((i) => `${i.path.map(String).join('.') || 'payload'}: ${i.message}`).join('; ');

/**
 * pg-boss's `db` option for our connection. PGlite runs multi-statement scripts only
 * through `exec`, which takes no parameters; pg-boss sends its schema and migrations that
 * way and everything else as one parameterised statement, which goes to `query`.
 */
export function sqlExecutorFor(database: Database): PgBoss.Db {
  const { pglite, pool } = database;
  if (pglite) {
    return {
      async executeSql(text: string, values?: unknown[]): Promise<Rows> {
        if (!values || values.length === 0) {
          const results = await pglite.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        }
        // pg turns undefined into NULL; PGlite's serializer does not.
        const params = values.map((v) => (v === undefined ? null : v));
        const result = await pglite.query(text, params);
        return { rows: result.rows };
      },
    };
  }
  if (!pool) throw new Error('the database exposes neither a PGlite client nor a pool');
  return {
    async executeSql(text: string, values?: unknown[]): Promise<Rows> {
      const result = await pool.query(text, values as unknown[] | undefined);
      return { rows: result.rows as unknown[] };
    },
  };
}

/**
 * The statements pg-boss's worker settles a job with. It sends them without awaiting the
 * result, so with the database gone at that moment (a restart, a failover) their rejection
 * would go unhandled. Nothing is lost: the job stays 'active' and expires into a retry.
 */
const SETTLING: ReadonlySet<string> = (() => {
  // Not in pg-boss's exports map (it has none): its own module, pinned by the lockfile.
  const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
    completeJobs(schema: string): string;
    failJobsById(schema: string): string;
  };
  return new Set([plans.completeJobs('pgboss'), plans.failJobsById('pgboss')]);
})();

export async function startQueue(
  database: Database,
  settings: QueueSettings,
  jobs: readonly JobQueueNames[],
  log: { error(obj: object, msg: string): void },
): Promise<JobQueue> {
  // Once stopped, the queue writes nothing more: a handler that outlived the grace period
  // cannot complete or fail its job on a closing database. That job stays 'active' and is
  // recovered like a crashed process's (requeued on PGlite, expired on PostgreSQL).
  let stopped = false;
  const stopping = new AbortController();
  const executor = sqlExecutorFor(database);
  const db: PgBoss.Db = {
    // Undefined is what pg-boss's own client answers once closed; its callers expect it.
    executeSql: (text: string, values: unknown[]) => {
      if (stopped) return Promise.resolve(undefined as unknown as Rows);
      const result = executor.executeSql(text, values);
      if (!SETTLING.has(text)) return result;
      return result.catch((err: unknown) => {
        log.error({ err }, 'job queue: could not settle a job; it expires into a retry');
        // What pg-boss reads back: nothing settled.
        return { rows: [{ count: 0 }] };
      });
    },
  };
  const boss = new PgBoss({
    db,
    schedule: false,
    supervise: true,
    migrate: true,
    maintenanceIntervalSeconds: settings.maintenanceSeconds,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  // send() to a queue that does not exist returns null without a word: create them all now.
  // Processes starting together on an empty database deadlock in pg-boss's create_queue, so
  // on PostgreSQL they take turns under the migration lock (the first creates, the rest find).
  const createQueues = async () => {
    // Dead-letter queues come first, since a queue naming one needs it to exist.
    for (const q of queuesOf(jobs)) {
      const existing = await boss.getQueue(q.name);
      // 'short': at most one waiting job per singleton key, so a duplicate send collapses.
      const options: PgBoss.Queue = {
        name: q.name,
        policy: 'short',
        ...(q.deadLetter ? { deadLetter: q.deadLetter } : {}),
      };
      if (!existing) await boss.createQueue(q.name, options);
      else if ((existing.deadLetter ?? undefined) !== q.deadLetter) {
        await boss.updateQueue(q.name, options);
      }
    }
  };
  if (database.pool) await migrateOnce(database.pool, createQueues);
  else await createQueues();

  return {
    boss,
    send(job, payload, scale = { durationSec: null }, timing = {}) {
      const policy = policyOf(job, settings.retry, scale);
      const options: PgBoss.SendOptions = {
        retryLimit: policy.limit,
        retryDelay: policy.delaySeconds,
        retryBackoff: policy.backoff,
        // A long recording (or a header claiming one) must not make send() throw.
        expireInSeconds: Math.min(policy.expireInSeconds, MAX_EXPIRE_SECONDS),
        deadLetter: job.deadLetter.queue,
      };
      if (job.singletonKey) options.singletonKey = job.singletonKey(payload);
      if (timing.startAfter) options.startAfter = timing.startAfter;
      // The request (or job) that queues this one lends it its id for the logs and its trace;
      // the payload's schema ignores the extra keys.
      const { requestId, traceparent } = currentWork();
      const data =
        requestId || traceparent
          ? {
              ...(payload as object),
              ...(requestId ? { [REQUEST_ID_KEY]: requestId } : {}),
              ...(traceparent ? { [TRACEPARENT_KEY]: traceparent } : {}),
            }
          : payload;
      return boss.send(job.queue, data as object, options);
    },
    async cancel(queue, jobId) {
      const job = await boss.getJobById(queue, jobId);
      if (!job || (job.state !== 'created' && job.state !== 'retry')) return false;
      await boss.cancel(queue, jobId);
      return true;
    },
    async work(definition, handler) {
      const name = definition.queue;
      await boss.work<unknown>(
        name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: settings.pollSeconds },
        async ([job]) => {
          if (!job) return;
          const attempt = job.retryCount + 1;
          const parsed = definition.schema.safeParse(job.data);
          if (!parsed.success) {
            const reason = `invalid payload (${issuesOf(parsed.error.issues)})`;
            log.error({ queue: name, jobId: job.id, attempt, data: job.data }, reason);
            // No retry can make it valid: this attempt is its last, so pg-boss fails it for
            // good and dead-letters it, where a handler that records failures sees it.
            await db.executeSql(
              'UPDATE pgboss.job SET retry_limit = retry_count WHERE name = $1 AND id = $2',
              [name, job.id],
            );
            throw jobFailure(reason);
          }
          // The one guard every job passes through: its error is logged in full here, and
          // what pg-boss keeps (and a dead-letter handler shows users) is a path-free line.
          const started = performance.now();
          const done = (ok: boolean) =>
            settings.onJobDone?.(name, (performance.now() - started) / 1000, ok);
          const carried = (key: string) => {
            const given = (job.data as Record<string, unknown> | null)?.[key];
            return typeof given === 'string' ? given : undefined;
          };
          const requestId = carried(REQUEST_ID_KEY);
          // Past its expiry pg-boss takes the attempt for stuck and retries it: this one must
          // end then, or the two would run side by side.
          const expiry = secondsOf(job.expireIn);
          const signal = expiry
            ? AbortSignal.any([stopping.signal, AbortSignal.timeout(expiry * 1000)])
            : stopping.signal;
          const run = (traceparent?: string) =>
            withWork({ requestId, traceparent }, () =>
              handler(parsed.data, {
                id: job.id,
                attempt,
                attempts: job.retryLimit + 1,
                reason: failureReason(job.output),
                signal,
              }),
            );
          try {
            await (settings.traceJob
              ? settings.traceJob(name, carried(TRACEPARENT_KEY), run)
              : run());
            done(true);
          } catch (err) {
            done(false);
            log.error({ err, queue: name, jobId: job.id, attempt, requestId }, 'job failed');
            throw jobFailure(withoutServerDetails(messageOf(err)) || 'the job failed');
          }
        },
      );
    },
    async requeueOrphans(names) {
      if (names.length === 0) return 0;
      const { rows } = await executor.executeSql(
        `SELECT name, id FROM pgboss.job WHERE state = 'active' AND name = ANY($1::text[])`,
        [names],
      );
      // pg-boss's own fail: the attempt counts (retry_count moves on the next fetch), so a
      // job that kills its process at every start runs out of attempts and is dead-lettered
      // instead of returning at every restart for ever (issue 21).
      for (const row of rows as { name: string; id: string }[]) {
        await boss.fail(row.name, row.id, { message: ORPHANED });
      }
      return rows.length;
    },
    async stop(graceSeconds) {
      await boss.stop({ graceful: true, timeout: graceSeconds * 1000, close: false, wait: true });
      stopped = true;
      // Jobs still running past the grace period go back to the queue; their child processes
      // must not go on using the machine after this process has let them go.
      stopping.abort(new Error('the job queue stopped'));
    },
  };
}
