import { access, constants, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { sqlExecutorFor } from '../queue/index.js';
import type { Realtime } from '../realtime/index.js';
import { registerHealth } from './health.js';
import type { QueueDepth } from './metrics.js';

export { createMetrics, serveMetrics, type Metrics } from './metrics.js';
export { readiness, type ReadyAnswer } from './health.js';
export { createTracing, type Tracing } from './tracing.js';

/** Jobs waiting or running per queue and state, read from pg-boss's table in one query. */
export function queueDepthOf(database: Database): QueueDepth {
  const executor = sqlExecutorFor(database);
  return async () => {
    const { rows } = await executor.executeSql(
      `SELECT name AS queue, state::text AS state, count(*)::int AS count FROM pgboss.job
       WHERE state IN ('created', 'retry', 'active') GROUP BY name, state`,
      [],
    );
    return rows as { queue: string; state: string; count: number }[];
  };
}

/**
 * The media folder can take files: a writable folder, or not made yet (the first upload makes
 * it) under a writable folder. A file in its place or a read-only mount is not ready.
 */
async function mediaWritable(dir: string): Promise<void> {
  const found = await stat(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (found === null) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`${dir} cannot be made`);
    return mediaWritable(parent);
  }
  if (!found.isDirectory()) throw new Error(`${dir} is not a folder`);
  await access(dir, constants.W_OK);
}

/**
 * /health/live and /health/ready with what this process depends on: the database, the job
 * queue's tables, the local media folder (uploads land there first, whatever the organisation's
 * store) and, when configured, Redis.
 */
export function registerProbes(
  app: FastifyInstance,
  deps: { database: Database; mediaDir: string; realtime: Realtime | null },
): void {
  const { database, mediaDir, realtime } = deps;
  const executor = sqlExecutorFor(database);
  registerHealth(app, {
    database: async () => {
      await database.db.execute(sql`select 1`);
    },
    queue: async () => {
      await executor.executeSql('SELECT 1 FROM pgboss.version', []);
    },
    store: () => mediaWritable(mediaDir),
    ...(realtime && realtime.redisReady() !== null
      ? {
          redis: async () => {
            if (!realtime.redisReady()) throw new Error('not connected');
          },
        }
      : {}),
  });
}
