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

/**
 * Sends texts as NOTIFYs on `channel`, one at a time: on a pool, two NOTIFYs sent at once may
 * commit, and arrive, in either order, and listeners must hear them in the order they were sent.
 * A failed send is logged, never thrown: the caller's own work is done by then.
 */
export function createNotifier(
  database: Database,
  channel: string,
  log: { warn(obj: object, msg: string): void },
): (text: string, context?: object) => void {
  const send = async (text: string) => {
    const query = 'SELECT pg_notify($1, $2)';
    if (database.pglite) await database.pglite.query(query, [channel, text]);
    else await database.pool?.query(query, [channel, text]);
  };
  let chain: Promise<void> = Promise.resolve();
  return (text, context = {}) => {
    chain = chain
      .then(() => send(text))
      .catch((err: unknown) => log.warn({ err, channel, ...context }, 'notify failed'));
  };
}

/** A broadcaster for a process without sockets: every event becomes a NOTIFY. */
export function createNotifyBroadcaster(
  database: Database,
  log: { warn(obj: object, msg: string): void },
): MeetingBroadcaster {
  const notify = createNotifier(database, REALTIME_CHANNEL, log);
  return {
    toMeeting(meetingId, event, payload) {
      notify(JSON.stringify({ meetingId, event, payload }), { meetingId, event });
    },
  };
}

/** What a process hears on each channel it listens to, as the NOTIFY's text. */
export type ChannelHandlers = Record<string, (text: string) => void>;

/**
 * Calls `deliver` for every event another process NOTIFYs. Resolves with a function that
 * stops listening.
 */
export async function listenForEvents(
  database: Database,
  deliver: (e: BridgedEvent) => void,
  log: { warn(obj: object, msg: string): void },
): Promise<() => Promise<void>> {
  return listenOnChannels(database, { [REALTIME_CHANNEL]: realtimeHandler(deliver, log) }, log);
}

/** The realtime channel's handler: a readable event goes to `deliver`, anything else is logged. */
export function realtimeHandler(
  deliver: (e: BridgedEvent) => void,
  log: { warn(obj: object, msg: string): void },
): (text: string) => void {
  return (text) => {
    try {
      const parsed = messageSchema.safeParse(JSON.parse(text));
      if (parsed.success) deliver(parsed.data);
    } catch (err) {
      log.warn({ err }, 'realtime: unreadable notification');
    }
  };
}

/**
 * LISTENs on every channel of `handlers`. On PostgreSQL one connection of the pool is kept
 * for all of them and replaced after a lost connection (notifications sent meanwhile are
 * lost: the realtime status routes still answer, and cached access expires by itself).
 * Resolves with a function that stops listening.
 */
export async function listenOnChannels(
  database: Database,
  handlers: ChannelHandlers,
  log: { warn(obj: object, msg: string): void },
): Promise<() => Promise<void>> {
  const channels = Object.keys(handlers);
  if (channels.length === 0) return async () => {};
  if (database.pglite) {
    const pglite = database.pglite;
    const stops = await Promise.all(
      Object.entries(handlers).map(([ch, handler]) => pglite.listen(ch, handler)),
    );
    return async () => {
      for (const stop of stops) await stop();
    };
  }
  const pool = database.pool;
  if (!pool) throw new Error('the database exposes neither a PGlite client nor a pool');

  let client: pg.PoolClient | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = await pool.connect();
    c.on('notification', (msg) => {
      const handler = handlers[msg.channel];
      if (handler && msg.payload) handler(msg.payload);
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
      for (const ch of channels) await c.query(`LISTEN ${ch}`);
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
    await c.query('UNLISTEN *').catch(() => {});
    c.release();
  };
}
