import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { withoutServerDetails } from '../errors.js';

/**
 * pg-boss on the application's own database, PGlite or PostgreSQL (ARCHITECTURE §1): jobs
 * live in the `pgboss` schema next to the data they work on, so there is nothing else to run.
 */

export interface QueueSettings {
  /** How often an idle worker asks for a job. */
  pollSeconds: number;
  /** How often pg-boss looks for expired jobs (a crashed worker's) and archives old ones. */
  maintenanceSeconds: number;
}

export interface QueueDefinition {
  name: string;
  /** Where a job goes once every retry has failed. */
  deadLetter?: string;
}

/** A job as a handler sees it: the payload (still to be validated) and its attempt. */
export interface JobContext {
  id: string;
  data: unknown;
  /** 1 for the first run. */
  attempt: number;
  /** Attempts pg-boss allows in all (first run plus retries). */
  attempts: number;
  /** The error of the failed job (dead-letter queues only). */
  output: unknown;
}

export interface SendOptions {
  singletonKey?: string;
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  deadLetter?: string;
}

export interface JobQueue {
  readonly boss: PgBoss;
  /** Creates queues a module adds after start (or updates their dead-letter queue). */
  define(queues: readonly QueueDefinition[]): Promise<void>;
  /** Null when a job with the same singleton key is already waiting (duplicates collapse). */
  send(name: string, data: object, opts?: SendOptions): Promise<string | null>;
  /** Starts one worker for the queue: it runs one job at a time. */
  work(name: string, handler: (job: JobContext) => Promise<void>): Promise<void>;
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

export async function startQueue(
  database: Database,
  settings: QueueSettings,
  queues: readonly QueueDefinition[],
  log: { error(obj: object, msg: string): void },
): Promise<JobQueue> {
  // Once stopped, the queue writes nothing more: a handler that outlived the grace period
  // cannot complete or fail its job on a closing database. That job stays 'active' and is
  // recovered like a crashed process's (requeued on PGlite, expired on PostgreSQL).
  let stopped = false;
  const executor = sqlExecutorFor(database);
  const boss = new PgBoss({
    db: {
      // Undefined is what pg-boss's own client answers once closed; its callers expect it.
      executeSql: (text: string, values: unknown[]) =>
        stopped ? Promise.resolve(undefined as unknown as Rows) : executor.executeSql(text, values),
    },
    schedule: false,
    supervise: true,
    migrate: true,
    maintenanceIntervalSeconds: settings.maintenanceSeconds,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  // send() to a queue that does not exist returns null without a word: create them all first.
  // Dead-letter queues first, since a queue naming one needs it to exist.
  async function define(definitions: readonly QueueDefinition[]): Promise<void> {
    const ordered = [...definitions].sort(
      (a, b) => Number(Boolean(a.deadLetter)) - Number(Boolean(b.deadLetter)),
    );
    for (const q of ordered) {
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
  }
  await define(queues);

  return {
    boss,
    define,
    send(name, data, opts = {}) {
      const options: PgBoss.SendOptions = { retryBackoff: true };
      if (opts.singletonKey !== undefined) options.singletonKey = opts.singletonKey;
      if (opts.retryLimit !== undefined) options.retryLimit = opts.retryLimit;
      if (opts.retryDelaySeconds !== undefined) options.retryDelay = opts.retryDelaySeconds;
      if (opts.expireInSeconds !== undefined) {
        // A long recording (or a header claiming one) must not make send() throw.
        options.expireInSeconds = Math.min(opts.expireInSeconds, MAX_EXPIRE_SECONDS);
      }
      if (opts.deadLetter !== undefined) options.deadLetter = opts.deadLetter;
      return boss.send(name, data, options);
    },
    async work(name, handler) {
      await boss.work<object>(
        name,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: settings.pollSeconds },
        async ([job]) => {
          if (!job) return;
          const attempt = job.retryCount + 1;
          // The one guard every job passes through: its error is logged in full here, and
          // what pg-boss keeps (and a dead-letter handler shows users) is a path-free line.
          try {
            await handler({
              id: job.id,
              data: job.data,
              attempt,
              attempts: job.retryLimit + 1,
              output: job.output,
            });
          } catch (err) {
            log.error({ err, queue: name, jobId: job.id, attempt }, 'job failed');
            throw new Error(withoutServerDetails(messageOf(err)) || 'the job failed');
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
    },
  };
}
