import { spawnSync } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import {
  REALTIME,
  ROOM,
  ROOM_EVENTS as E,
  type RoomHandshake,
  type RoomJoinAnswer,
  type RoomParticipant,
} from '@parley/contracts';
import type { TestContext } from './context.js';
import type { BotJoin, MeetingBot } from '../modules/bots/index.js';
import type { LiveAudioSink, LiveSpeaker } from '../modules/live/index.js';
import { createRoomPasses } from '../modules/rooms/tokens.js';

/** Test helpers of the rooms module: room sockets, a sink that keeps what it hears, a bot. */

const opened: Socket[] = [];
export const closeRoomSockets = () => {
  for (const s of opened.splice(0)) s.disconnect();
};

export async function listening(ctx: TestContext): Promise<string> {
  if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

export interface RoomSocket {
  socket: Socket;
  welcome: RoomJoinAnswer;
  self: RoomParticipant;
}

/** Joins a call; answers the welcome, or rejects with the server's refusal. */
export async function joinCall(ctx: TestContext, auth: RoomHandshake): Promise<RoomSocket> {
  const socket = io(`${await listening(ctx)}${ROOM.namespace}`, {
    path: REALTIME.path,
    auth,
    transports: ['websocket'],
    reconnection: false,
    // A connection of its own, as each participant's browser has: socket.io-client would
    // otherwise share one with the test's other sockets to this server, and the server's
    // disconnect(true) at the end of a call would close them all (the realtime socket too).
    forceNew: true,
  });
  opened.push(socket);
  const welcome = await new Promise<RoomJoinAnswer>((resolve, reject) => {
    socket.once('room:welcome', resolve);
    socket.once('connect_error', reject);
  });
  return { socket, welcome, self: welcome.self as RoomParticipant };
}

/** The next `event` the socket receives (or null after `ms`). */
export function next<T>(socket: Socket, event: string, ms = 2000): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off(event, on);
      resolve(null);
    }, ms);
    const on = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, on);
  });
}

/** 16 kHz mono Int16 of a fixture (its first `seconds` when given), as the bot page sends it. */
export function pcmOf(file: string, seconds?: number): Buffer {
  const r = spawnSync(
    'ffmpeg',
    [
      ...['-v', 'error', '-i', file, ...(seconds ? ['-t', String(seconds)] : [])],
      ...['-vn', '-ac', '1', '-ar', '16000', '-f', 's16le', '-'],
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  if (r.status !== 0) throw new Error(String(r.stderr));
  return r.stdout;
}

/** Resolves as `promise` does, or fails saying what did not come within `ms`. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A LiveAudioSink that keeps every sample it is given, by speaker name. */
export function recordingSink() {
  const heard = new Map<string, { speaker: LiveSpeaker; samples: number[] }>();
  const log: string[] = [];
  const sink: LiveAudioSink = {
    async open({ meetingId }) {
      log.push(`open ${meetingId}`);
    },
    push(_meetingId, speaker, pcm) {
      const entry = heard.get(speaker.name) ?? { speaker, samples: [] };
      for (const s of pcm) entry.samples.push(s);
      heard.set(speaker.name, entry);
    },
    async close(meetingId) {
      log.push(`close ${meetingId}`);
    },
  };
  return { sink, heard, log };
}

/** Root mean square of 16-bit samples, 0–1 of full scale. */
export function rms(samples: readonly number[]): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const s of samples) sum += (s / 32768) ** 2;
  return Math.sqrt(sum / samples.length);
}

/**
 * A bot for API tests: joins with its bot pass over a socket, as the bot page does, and does
 * what the test tells it through `joined`.
 */
export function socketBot(ctx: () => TestContext) {
  const joins: BotJoin[] = [];
  const sockets: Promise<RoomSocket>[] = [];
  const resolvers: ((s: RoomSocket) => void)[] = [];
  let failures = 0;
  /** The socket of the bot's `n`th join (0-based), once it joined. */
  const joined = (n: number) => {
    while (sockets.length <= n) sockets.push(new Promise((r) => resolvers.push(r)));
    return sockets[n] as Promise<RoomSocket>;
  };
  const bot: MeetingBot = {
    provider: 'parley',
    accepts: () => true,
    async join(request) {
      if (failures > 0) {
        failures -= 1;
        throw new Error('The bot’s browser did not start');
      }
      joins.push(request);
      const c = ctx();
      const passes = createRoomPasses(c.config.appSecret, c.clock.now);
      const botToken = passes.encode({
        kind: 'bot',
        meetingId: request.meetingId,
        botId: request.botId,
        expiresAt: new Date(c.clock.now().getTime() + 3600_000),
      });
      const s = await joinCall(c, { meetingId: request.meetingId, botToken });
      s.socket.on(E.botFinish, (ack: () => void) => ack());
      void joined(joins.length - 1);
      resolvers[joins.length - 1]?.(s);
      return { externalId: request.botId };
    },
    async stopRecording() {},
    async leave() {},
  };
  /** The next join fails, as a browser that does not start. */
  const failNextJoin = () => void (failures += 1);
  return { bot, joins, joined, failNextJoin };
}
