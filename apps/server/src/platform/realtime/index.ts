import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type Socket } from 'socket.io';
import { REALTIME } from '@parley/contracts';
import type { Caller } from '../http/caller.js';
import { closeRedis, connectRedis, type RedisClient } from '../redis.js';

export interface RealtimeOptions {
  /** Resolves the handshake's `auth.token` (a bearer access token) to a live session. */
  verify(token: string | undefined): Promise<Caller | null>;
  /** Set when several processes serve the app: events reach sockets on any of them. */
  redisUrl?: string;
  log?: { warn(obj: object, msg: string): void };
}

/** What the rest of the server needs: send an event to everyone following a meeting. */
export interface MeetingBroadcaster {
  toMeeting(meetingId: string, event: string, payload: unknown): void;
}

/** Whether this user may follow this meeting (the meeting visibility rule). */
export type JoinPolicy = (auth: Caller, meetingId: string) => Promise<boolean>;

export interface Realtime extends MeetingBroadcaster {
  readonly io: Server;
  /**
   * Set once the meetings module exists (it is created after the channel it announces on);
   * until then every join is refused.
   */
  setJoinPolicy(canJoin: JoinPolicy): void;
  /**
   * Only this process's sockets, for events every API process receives on its own (those a
   * worker sends through the database): through the Redis adapter they would arrive twice.
   */
  toLocalMeeting(meetingId: string, event: string, payload: unknown): void;
  /** Disconnects every socket (before the HTTP server closes, which waits for them). */
  disconnectAll(): void;
  /** Whether the Redis connections fan-out needs are up; null without Redis. */
  redisReady(): boolean | null;
  close(): Promise<void>;
}

const roomOf = (meetingId: string) => `meeting:${meetingId}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type JoinAck = (answer: { ok: boolean; message?: string }) => void;

async function redisAdapter(url: string, log: RealtimeOptions['log']) {
  const clients = await connectRedis(url, { count: 2, purpose: 'realtime', log });
  const [pub, sub] = clients as [RedisClient, RedisClient];
  return {
    adapter: createAdapter(pub, sub),
    ready: () => clients.every((c) => c.isReady),
    close: () => closeRedis(clients),
  };
}

/**
 * socket.io on the app's HTTP server at REALTIME.path. A client connects with
 * `auth: { token }`, then emits REALTIME.joinRoom { meetingId }; it joins the meeting's
 * room only when it may see that meeting, and the acknowledgement says whether it did.
 */
export async function createRealtime(
  httpServer: HttpServer,
  opts: RealtimeOptions,
): Promise<Realtime> {
  const io = new Server(httpServer, { path: REALTIME.path, serveClient: false });
  const redis = opts.redisUrl ? await redisAdapter(opts.redisUrl, opts.log) : null;
  if (redis) io.adapter(redis.adapter);
  let canJoin: JoinPolicy = async () => false;

  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    opts
      .verify(typeof token === 'string' ? token : undefined)
      .then((auth) => {
        if (!auth) return next(new Error('unauthorized'));
        socket.data.auth = auth;
        next();
      })
      .catch((err: unknown) => next(err instanceof Error ? err : new Error('unauthorized')));
  });

  io.on('connection', (socket: Socket) => {
    socket.on(REALTIME.joinRoom, (payload: unknown, ack?: JoinAck) => {
      const reply: JoinAck = typeof ack === 'function' ? ack : () => {};
      const meetingId = (payload as { meetingId?: unknown } | null)?.meetingId;
      const auth = socket.data.auth as Caller;
      if (typeof meetingId !== 'string' || !UUID.test(meetingId)) {
        return reply({ ok: false, message: 'meetingId is required' });
      }
      canJoin(auth, meetingId)
        .then(async (allowed) => {
          if (!allowed) return reply({ ok: false, message: 'Meeting not found' });
          await socket.join(roomOf(meetingId));
          reply({ ok: true });
        })
        .catch((err: unknown) => {
          opts.log?.warn({ err }, 'realtime: join failed');
          reply({ ok: false, message: 'Could not join the meeting room' });
        });
    });
  });

  return {
    io,
    setJoinPolicy(policy) {
      canJoin = policy;
    },
    toMeeting(meetingId, event, payload) {
      io.to(roomOf(meetingId)).emit(event, payload);
    },
    toLocalMeeting(meetingId, event, payload) {
      io.local.to(roomOf(meetingId)).emit(event, payload);
    },
    redisReady: () => (redis ? redis.ready() : null),
    disconnectAll() {
      io.local.disconnectSockets(true);
    },
    async close() {
      io.local.disconnectSockets(true);
      // Not io.close(): that also closes the HTTP server, which Fastify closes itself.
      io.engine.close();
      await io.of('/').adapter.close();
      await redis?.close();
    },
  };
}
