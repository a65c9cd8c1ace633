import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from './db/client.js';

/** One authenticated call, as the activity log keeps it. */
interface ActivityRow {
  userId: string | null;
  organizationId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  ip: string | null;
  at: Date;
}

/** More rows than this in the buffer are written at once rather than at the next tick. */
const BATCH_ROWS = 500;

export interface ActivityLog {
  /** Writes what is buffered now (readers of the log call it first, and the app on close). */
  flush(): Promise<void>;
}

/**
 * Writes one activity-log row per authenticated call once the reply is sent. Only the path
 * (never the query string, body, codes or tokens) is kept.
 *
 * Rows are buffered and written together every `flushMs` (or at BATCH_ROWS): an insert per
 * call was a third of what an authenticated read cost under load (issue 20). A row keeps the
 * time of its call. Between the call and the write its user or organisation may be deleted:
 * a deleted organisation's rows are dropped, as its deletion would have dropped them, and a
 * deleted user's are kept without who or from where, like the call that erased them.
 */
export function registerActivityLog(
  app: FastifyInstance,
  db: Db,
  opts: { flushMs: number },
): ActivityLog {
  let buffer: ActivityRow[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(rows: ActivityRow[], log: FastifyBaseLogger): Promise<void> {
    const values = sql.join(
      rows.map(
        (r) =>
          sql`(${r.userId}::uuid, ${r.organizationId}::uuid, ${r.method}, ${r.path}, ${r.status}::int, ${r.durationMs}::int, ${r.ip}, ${r.at.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    try {
      await db.execute(sql`
        INSERT INTO activity_log
          (user_id, organization_id, method, path, status, duration_ms, ip, created_at)
        SELECT u.id, o.id, v.method, v.path, v.status, v.duration_ms,
               CASE WHEN v.user_id IS NULL OR u.id IS NOT NULL THEN v.ip END, v.at
        FROM (VALUES ${values})
          AS v (user_id, organization_id, method, path, status, duration_ms, ip, at)
        JOIN organizations o ON o.id = v.organization_id
        LEFT JOIN users u ON u.id = v.user_id`);
    } catch (err) {
      log.warn({ err, rows: rows.length }, 'activity log write failed');
    }
  }

  function flushNow(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const rows = buffer;
    buffer = [];
    // One write at a time, in order: a flush waits for the one before it.
    writing = writing.then(() => (rows.length ? write(rows, app.log) : undefined));
    return writing;
  }

  app.addHook('onResponse', async (request, reply) => {
    const auth = request.auth;
    if (!auth) return;
    // A caller who deleted their own account: the call is kept, without who or from where.
    const erased = request.erasedCaller === true;
    buffer.push({
      userId: erased ? null : auth.userId,
      organizationId: auth.organizationId,
      method: request.method,
      path: request.url.split('?')[0] ?? request.url,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime),
      ip: erased ? null : request.ip,
      at: new Date(),
    });
    if (buffer.length >= BATCH_ROWS) void flushNow();
    else timer ??= setTimeout(() => void flushNow(), opts.flushMs);
  });
  app.addHook('onClose', async () => {
    await flushNow();
  });

  return { flush: flushNow };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a route that deleted the caller's own account (modules/personal-data). */
    erasedCaller?: boolean;
  }
}
