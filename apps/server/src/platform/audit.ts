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
    // A caller who deleted their own account: the call is kept, without who or from where.
    const erased = request.erasedCaller === true;
    try {
      await db.insert(activityLog).values({
        userId: erased ? null : auth.userId,
        organizationId: auth.organizationId,
        method: request.method,
        path: request.url.split('?')[0] ?? request.url,
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime),
        ip: erased ? null : request.ip,
      });
    } catch (err) {
      request.log.warn({ err }, 'activity log write failed');
    }
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a route that deleted the caller's own account (modules/personal-data). */
    erasedCaller?: boolean;
  }
}
