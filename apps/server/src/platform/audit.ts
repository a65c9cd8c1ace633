import type { FastifyInstance } from 'fastify';
import type { Db } from './db/client.js';
import { activityLog } from './db/schema.js';

/**
 * Writes one activity-log row per authenticated call once the reply is sent. Only the path
 * (never the query string, body, codes or tokens) is kept.
 */
export function registerActivityLog(app: FastifyInstance, db: Db): void {
  app.addHook('onResponse', async (request, reply) => {
    const auth = request.auth;
    if (!auth) return;
    try {
      await db.insert(activityLog).values({
        userId: auth.userId,
        organizationId: auth.organizationId,
        method: request.method,
        path: request.url.split('?')[0] ?? request.url,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
        ip: request.ip,
      });
    } catch (err) {
      request.log.warn({ err }, 'activity log write failed');
    }
  });
}
