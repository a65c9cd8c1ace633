import { access, constants } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { sqlExecutorFor } from '../queue/index.js';
import type { Realtime } from '../realtime/index.js';
import { registerHealth } from './health.js';
import type { QueueDepth } from './metrics.js';

export { createMetrics, serveMetrics, type Metrics } from './metrics.js';
export { readiness, type ReadyAnswer } from './health.js';

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
    store: () => access(mediaDir, constants.W_OK),
    ...(realtime && realtime.redisReady() !== null
      ? {
          redis: async () => {
            if (!realtime.redisReady()) throw new Error('not connected');
          },
        }
      : {}),
  });
}
