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
  return {
    toMeeting(meetingId, event, payload) {
      send(JSON.stringify({ meetingId, event, payload })).catch((err: unknown) =>
        log.warn({ err, meetingId, event }, 'realtime: notify failed'),
      );
    },
  };
}

/**
 * Calls `deliver` for every event another process NOTIFYs. On PostgreSQL a dedicated client
 * holds the LISTEN and reconnects after a lost connection (events sent meanwhile are lost;
 * the status route still answers). Resolves with a function that stops listening.
 */
export async function listenForEvents(
  database: Database,
  deliver: (e: BridgedEvent) => void,
  log: { warn(obj: object, msg: string): void },
  connectionString?: string,
): Promise<() => Promise<void>> {
  const onText = (text: string) => {
    try {
      const parsed = messageSchema.safeParse(JSON.parse(text));
      if (parsed.success) deliver(parsed.data);
    } catch (err) {
      log.warn({ err }, 'realtime: unreadable notification');
    }
  };
  if (database.pglite) {
    const unlisten = await database.pglite.listen(REALTIME_CHANNEL, onText);
    return unlisten;
  }
  if (!connectionString) throw new Error('listening on PostgreSQL needs its connection string');

  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (msg) => {
      if (msg.channel === REALTIME_CHANNEL && msg.payload) onText(msg.payload);
    });
    c.on('error', (err) => {
      log.warn({ err }, 'realtime: LISTEN connection lost; reconnecting');
      c.end().catch(() => {});
      if (client === c) client = null;
      if (!closed) retry = setTimeout(() => void connect().catch(() => {}), 1000);
    });
    await c.connect();
    await c.query(`LISTEN ${REALTIME_CHANNEL}`);
    client = c;
  };
  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
