import { rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, json, signIn } from '../../test/context.js';
import { createMediaContext } from '../../test/media.js';
import type { ReadyAnswer } from './health.js';
import { serveMetrics } from './metrics.js';

let ctx: Awaited<ReturnType<typeof createMediaContext>>;
beforeAll(async () => {
  ctx = await createMediaContext();
});
afterAll(async () => {
  await ctx?.close();
});

const quiet = { warn: () => {}, info: () => {} };

describe('health probes', () => {
  it('answers live, and ready naming each dependency it checked', async () => {
    const live = await ctx.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
    const ready = await ctx.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    const answer = json<ReadyAnswer>(ready);
    expect(answer.status).toBe('ok');
    expect(Object.keys(answer.checks).sort()).toEqual(['database', 'queue', 'store']);
  });

  it('is ready before the first upload has made the media folder', async () => {
    rmSync(ctx.mediaDir, { recursive: true, force: true });
    const ready = await ctx.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
  });

  it('is not ready, with the reason, when a file stands where the media folder should be', async () => {
    writeFileSync(ctx.mediaDir, 'not a folder');
    const ready = await ctx.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    const answer = json<ReadyAnswer>(ready);
    expect(answer.status).toBe('unavailable');
    expect(answer.checks.store?.ok).toBe(false);
    expect(answer.checks.store?.error).toMatch(/is not a folder/);
    expect(answer.checks.database?.ok).toBe(true);
  });
});

describe('request ids', () => {
  it("answers with the caller's X-Request-Id, or a new one when it is missing or not a plain token", async () => {
    const given = await ctx.app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'proxy-7f3a.1' },
    });
    expect(given.headers['x-request-id']).toBe('proxy-7f3a.1');
    const fresh = await ctx.app.inject({ method: 'GET', url: '/health/live' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const odd = await ctx.app.inject({
      method: 'GET',
      url: '/health/live',
      headers: { 'x-request-id': 'two words\u0007' },
    });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('metrics', () => {
  it('counts requests by route pattern and status, never by raw address', async () => {
    const { accessToken: token } = await signIn(ctx, 'poc@acme.parley.local');
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await call(ctx, 'GET', `/meeting/${missing}`, { token })).statusCode).toBe(404);
    const text = await ctx.app.metrics.metrics();
    expect(text).toMatch(
      /parley_http_request_duration_seconds_count\{role="all",method="GET",route="\/api\/v1\/meeting\/:meetingId",status="404"\} 1/,
    );
    expect(text).not.toContain(missing);
    expect(text).toContain('parley_queue_jobs');
    // The daily deal-warnings pass the app asks for at start, timed by the queue.
    await expect
      .poll(async () => ctx.app.metrics.metrics(), { timeout: 15_000 })
      .toMatch(
        /parley_job_duration_seconds_count\{role="all",queue="deal-warnings-daily",outcome="completed"\} 1/,
      );
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('serves them on their own port, and a taken port is reported, not fatal', async () => {
    const first = serveMetrics(ctx.app.metrics, 0, '127.0.0.1', quiet);
    await new Promise((r) => first.once('listening', r));
    const { port } = first.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('parley_http_request_duration_seconds');
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);

    const warned: object[] = [];
    const second = serveMetrics(ctx.app.metrics, port, '127.0.0.1', {
      ...quiet,
      warn: (obj) => warned.push(obj),
    });
    await expect.poll(() => warned.length).toBe(1);
    second.close();
    first.close();
  });
});
