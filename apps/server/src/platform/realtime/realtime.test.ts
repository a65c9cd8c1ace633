import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME, type Meeting } from '@parley/contracts';
import { createLocalStore } from '../storage/local.js';
import { call, json, signIn, signUp, type TestContext } from '../../test/context.js';
import { createMediaContext, derived, ffmpeg, fixture } from '../../test/media.js';
import { redisAnswers, secondProcess, TEST_REDIS_URL } from '../../test/redis.js';

const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

function open(url: string, token: string | undefined): Socket {
  const socket = connect(url, {
    path: REALTIME.path,
    auth: token ? { token } : {},
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

const connected = (s: Socket) =>
  new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });

const join = (s: Socket, meetingId: string) =>
  s.timeout(5000).emitWithAck(REALTIME.joinRoom, { meetingId }) as Promise<{ ok: boolean }>;

interface StatusEvent {
  meetingId: string;
  inferenceStatus: string;
  statusReason: string | null;
  steps?: { step: string; state: string }[];
}

/** The next status event of the meeting that satisfies `when` (any, by default). */
const nextStatus = (
  s: Socket,
  meetingId: string,
  when: (payload: StatusEvent) => boolean = () => true,
) =>
  new Promise<StatusEvent>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no status event')), 30_000);
    s.on(REALTIME.status, (payload: StatusEvent) => {
      if (payload.meetingId !== meetingId || !when(payload)) return;
      clearTimeout(timer);
      resolve(payload);
    });
  });

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A Matroska file: its rendition takes seconds, so a client has joined well before it ends. */
const slowMedia = () =>
  derived('talking-face.mkv', (out) =>
    ffmpeg(['-i', fixture('talking-face.mp4'), '-c', 'copy', out]),
  );

async function importSlow(
  ctx: TestContext & { mediaDir: string },
  token: string,
  organizationId: string,
  name: string,
) {
  const key = `${organizationId}/imports/${name}`;
  await createLocalStore(ctx.mediaDir).put(key, readFileSync(slowMedia()));
  const res = await call(ctx, 'POST', '/meeting/from-storage', {
    token,
    payload: { provider: 'local', key },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return json<Meeting>(res);
}

describe('realtime channel', () => {
  let ctx: TestContext & { mediaDir: string };
  let url: string;
  let poc: { accessToken: string; user: { organizationId: string } };

  beforeAll(async () => {
    ctx = await createMediaContext();
    url = await listen(ctx.app);
    poc = await signIn(ctx, 'poc@acme.parley.local');
  });
  afterAll(async () => ctx?.close());

  it('refuses a connection without a valid access token', async () => {
    await expect(connected(open(url, undefined))).rejects.toThrow('unauthorized');
    await expect(connected(open(url, 'not-a-token'))).rejects.toThrow('unauthorized');
  });

  it('joins the room of a visible meeting and hears its status change', async () => {
    const meeting = await importSlow(
      ctx,
      poc.accessToken,
      poc.user.organizationId,
      'Live demo.mkv',
    );
    const socket = open(url, poc.accessToken);
    await connected(socket);
    // The analysis run was queued on import; its media step (seconds for this file) runs now.
    const mediaDone = (p: StatusEvent) => p.steps?.[0]?.state === 'done';
    const status = nextStatus(socket, meeting.id, mediaDone);
    expect(await join(socket, meeting.id)).toEqual({ ok: true });
    expect(await status).toMatchObject({
      meetingId: meeting.id,
      inferenceStatus: 'analysing',
      statusReason: null,
    });
    const after = json<Meeting>(
      await call(ctx, 'GET', `/meeting/${meeting.id}`, { token: poc.accessToken }),
    );
    expect(after.storageLink).toBeTruthy();
  });

  it('keeps people out of rooms of meetings they cannot see', async () => {
    const meeting = await importSlow(ctx, poc.accessToken, poc.user.organizationId, 'Private.mkv');
    const rep = await signIn(ctx, 'rep@acme.parley.local');
    const outsider = await signUp(ctx, 'eve@rival.example', { organizationName: 'Rival' });
    for (const token of [rep.accessToken, outsider.accessToken]) {
      const s = open(url, token);
      await connected(s);
      expect(await join(s, meeting.id)).toEqual({ ok: false, message: 'Meeting not found' });
    }
    const s = open(url, poc.accessToken);
    await connected(s);
    expect(await join(s, 'not-a-uuid')).toMatchObject({ ok: false });
  });
});

describe.runIf(await redisAnswers())('realtime channel over Redis (REDIS_URL)', () => {
  let ctx: TestContext & { mediaDir: string };
  let second: FastifyInstance;

  beforeAll(async () => {
    ctx = await createMediaContext({ env: { REDIS_URL: TEST_REDIS_URL } });
    second = await secondProcess(ctx);
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
  });

  it('delivers a status event from one instance to a client of the other', async () => {
    const url = await listen(second);
    const poc = await signIn(ctx, 'poc@acme.parley.local');
    // The meeting is created, and its media step runs, on the first instance.
    const meeting = await importSlow(ctx, poc.accessToken, poc.user.organizationId, 'Fan-out.mkv');
    const socket = open(url, poc.accessToken);
    await connected(socket);
    const status = nextStatus(socket, meeting.id);
    expect(await join(socket, meeting.id)).toEqual({ ok: true });
    expect(await status).toMatchObject({ meetingId: meeting.id, inferenceStatus: 'analysing' });
  });
});
