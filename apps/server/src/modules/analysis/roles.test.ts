import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME, offlineStatusSchema, type OfflineStatus } from '@parley/contracts';
import { buildApp } from '../../app.js';
import { call, json, signIn, type TestContext } from '../../test/context.js';
import { createMediaContext, fixture, uploadBytes } from '../../test/media.js';
import { connectRealtime, joinRoom } from '../../test/realtime.js';

/**
 * ROLE=api and ROLE=worker side by side on one database: the API queues and runs nothing,
 * the worker runs the steps, and the worker's events reach the API's sockets through
 * LISTEN/NOTIFY (in-process on PGlite, between connections on PostgreSQL).
 */
let ctx: TestContext & { mediaDir: string };
let worker: FastifyInstance | undefined;

beforeAll(async () => {
  ctx = await createMediaContext({ env: { ROLE: 'api' } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await worker?.close();
  await ctx?.close();
});

describe('an API process and a worker process', () => {
  it('queues on the API, runs on the worker, and the worker’s events reach the API’s sockets', async () => {
    const poc = await signIn(ctx, 'poc@acme.parley.local');
    const meeting = await uploadBytes(
      ctx,
      poc.accessToken,
      'local',
      'roles.mp4',
      readFileSync(fixture('talking-face.mp4')),
    );
    expect(meeting.inferenceStatus).toBe('queued');

    const socket = await connectRealtime(ctx, poc.accessToken);
    try {
      const events: OfflineStatus[] = [];
      socket.on(REALTIME.status, (p: unknown) => {
        const parsed = offlineStatusSchema.safeParse(p);
        if (parsed.success) events.push(parsed.data);
      });
      const processed = new Promise<unknown>((resolve) => socket.once(REALTIME.processed, resolve));
      await joinRoom(socket, meeting.id);

      // Several polling intervals later the API has run nothing.
      await new Promise((r) => setTimeout(r, 2000));
      const idle = json(
        await call(ctx, 'GET', `/offline/status/${meeting.id}`, { token: poc.accessToken }),
      );
      expect(idle).toMatchObject({ inferenceStatus: 'queued' });
      expect(events).toEqual([]);

      worker = await buildApp({
        config: { ...ctx.config, env: { ...ctx.config.env, ROLE: 'worker' } },
        database: ctx.database,
        now: ctx.clock.now,
        logger: false,
        mailer: { send: async () => {}, latest: () => undefined, close() {} },
      });
      await worker.ready();

      const timeout = new Promise((_, reject) =>
        setTimeout(() => reject(new Error('no Processed event')), 150_000),
      );
      expect(await Promise.race([processed, timeout])).toEqual({ meetingId: meeting.id });
      const states = events.map((e) => e.inferenceStatus);
      expect(states).toContain('analysing');
      // Sent in order: the processed status precedes the Processed event.
      expect(states.at(-1)).toBe('processed');
      // Speech progress was reported between its start and its end.
      const speech = events.map((e) => e.steps[1]).filter((s) => s?.state === 'running');
      expect(speech.length).toBeGreaterThan(0);
    } finally {
      socket.disconnect();
    }
  }, 200_000);
});
