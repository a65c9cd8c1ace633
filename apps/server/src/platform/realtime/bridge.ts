import pg from 'pg';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import type { MeetingBroadcaster } from './index.js';

/**
 * Realtime events of processes without sockets (ROLE=worker) reach the browsers through the
 * database both sides already share: the worker NOTIFYs on one channel, every process that
 * serves sockets LISTENs and emits to its own sockets. This needs nothing beyond PostgreSQL,
 * and works in-process on PGlite too. Payloads stay far below NOTIFY's 8000-byte limit.
 */
export const REALTIME_CHANNEL = 'parley_realtime';

const messageSchema = z.object({
  meetingId: z.string(),
  event: z.string(),
  payload: z.unknown(),
});
export type BridgedEvent = z.infer<typeof messageSchema>;

/** A broadcaster for a process without sockets: every event becomes a NOTIFY. */
export function createNotifyBroadcaster(
  database: Database,
  log: { warn(obj: object, msg: string): void },
): MeetingBroadcaster {
  const send = async (text: string) => {
    const query = 'SELECT pg_notify($1, $2)';
    if (database.pglite) await database.pglite.query(query, [REALTIME_CHANNEL, text]);
    else await database.pool?.query(query, [REALTIME_CHANNEL, text]);
  };
  // One at a time: on a pool, two NOTIFYs sent at once may commit, and arrive, in either
  // order, and a client must see a meeting's events in the order they happened.
  let chain: Promise<void> = Promise.resolve();
  return {
    toMeeting(meetingId, event, payload) {
      const text = JSON.stringify({ meetingId, event, payload });
      chain = chain
        .then(() => send(text))
        .catch((err: unknown) => log.warn({ err, meetingId, event }, 'realtime: notify failed'));
    },
  };
}

/**
 * Calls `deliver` for every event another process NOTIFYs. On PostgreSQL one connection of
 * the pool is kept for the LISTEN and replaced after a lost connection (events sent
 * meanwhile are lost; the status route still answers). Resolves with a function that stops
 * listening.
 */
export async function listenForEvents(
  database: Database,
  deliver: (e: BridgedEvent) => void,
  log: { warn(obj: object, msg: string): void },
): Promise<() => Promise<void>> {
  const onText = (text: string) => {
    try {
      const parsed = messageSchema.safeParse(JSON.parse(text));
      if (parsed.success) deliver(parsed.data);
    } catch (err) {
      log.warn({ err }, 'realtime: unreadable notification');
    }
  };
  if (database.pglite) return database.pglite.listen(REALTIME_CHANNEL, onText);
  const pool = database.pool;
  if (!pool) throw new Error('the database exposes neither a PGlite client nor a pool');

  let client: pg.PoolClient | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = await pool.connect();
    c.on('notification', (msg) => {
      if (msg.channel === REALTIME_CHANNEL && msg.payload) onText(msg.payload);
    });
    c.on('error', (err) => {
      // Once stopped, the client is back in the pool (which hears its errors itself):
      // releasing it a second time would throw out of this handler and end the process.
      if (closed || client !== c) return;
      log.warn({ err }, 'realtime: LISTEN connection lost; reconnecting');
      client = null;
      c.release(err);
      const again = () =>
        connect().catch(() => {
          if (!closed) retry = setTimeout(again, 1000);
        });
      if (!closed) retry = setTimeout(again, 1000);
    });
    client = c;
    try {
      await c.query(`LISTEN ${REALTIME_CHANNEL}`);
    } catch (err) {
      if (client === c) {
        client = null;
        c.release(err instanceof Error ? err : true);
      }
      throw err;
    }
  };
  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    if (!c) return;
    await c.query(`UNLISTEN ${REALTIME_CHANNEL}`).catch(() => {});
    c.release();
  };
}
