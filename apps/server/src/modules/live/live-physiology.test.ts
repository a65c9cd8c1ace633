import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { estimatePhysiology, skinPatchTrace, type RgbSample } from '@parley/analysis';
import {
  LIVE_INFERENCE_EVENTS as E,
  LIVE_INFERENCE_MESSAGES as M,
  type LivePhysiologyEstimate,
  type LivePhysiologyRun,
  type LiveSkinSample,
} from '@parley/contracts';
import { call, json } from '../../test/context.js';
import { grantInterviewIntelligence } from '../../test/plans-kit.js';
import { connectRealtime, joinRoom } from '../../test/realtime.js';
import {
  ctx,
  newMeeting,
  orgId,
  owner,
  ownerId,
  seeker,
  useTranscriptsKit,
} from '../../test/transcripts-kit.js';

useTranscriptsKit();

const fixturePath = (rel: string) =>
  new URL(`../../../../../fixtures/${rel}`, import.meta.url).pathname;

const post = <T>(path: string, payload: object, token = owner) =>
  call(ctx, 'POST', path, { token, payload }).then((r) => ({
    status: r.statusCode,
    body: json<T>(r),
  }));

const start = (meetingId: string, token = owner) =>
  post<LivePhysiologyRun>('/live-inference/start-physiology', { meetingId }, token);
const stop = (inferenceId: string, token = owner) =>
  post<LivePhysiologyRun>('/live-inference/stop-physiology', { inferenceId }, token);
const send = (inferenceId: string, samples: LiveSkinSample[], token = owner) =>
  post<{ accepted: number; estimate: LivePhysiologyEstimate | null }>(
    '/live-inference/physiology-samples',
    { inferenceId, samples },
    token,
  );

/** Sends a trace as the browser does: a batch a second. */
async function feed(inferenceId: string, samples: readonly RgbSample[], fps: number) {
  for (let i = 0; i < samples.length; i += fps) {
    const res = await send(
      inferenceId,
      samples.slice(i, i + fps).map(({ t, r, g, b }) => ({ t, r, g, b })),
    );
    expect(res.status).toBe(200);
  }
}

/**
 * A face's skin colour with a known pulse under sensor noise (green carries the pulse most,
 * as in skin), seeded: the estimator's ability on a trace it can read.
 */
function pulseTrace(bpm: number, sec: number, fps: number): RgbSample[] {
  let seed = 7;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const noise = () => Math.sqrt(-2 * Math.log(rnd() + 1e-12)) * Math.cos(2 * Math.PI * rnd());
  return Array.from({ length: Math.round(sec * fps) }, (_, i) => {
    const t = i / fps;
    const p = Math.sin(2 * Math.PI * (bpm / 60) * t);
    const drift = 2 * Math.sin(2 * Math.PI * 0.05 * t);
    return {
      t,
      r: 150 + drift - 0.26 * p + 0.4 * noise(),
      g: 110 + drift - 0.6 * p + 0.4 * noise(),
      b: 90 + drift - 0.41 * p + 0.4 * noise(),
    };
  });
}

let meetingId: string;
let socket: Socket;
const started: LivePhysiologyRun[] = [];
const stopped: LivePhysiologyRun[] = [];
const data: LivePhysiologyEstimate[] = [];

beforeAll(async () => {
  await grantInterviewIntelligence(ctx, orgId);
  meetingId = await newMeeting(orgId, ownerId, 'live physiology call');
  socket = await connectRealtime(ctx, owner);
  socket.on(E.physiologyStarted, (r: LivePhysiologyRun) => started.push(r));
  socket.on(E.physiologyStopped, (r: LivePhysiologyRun) => stopped.push(r));
  socket.on(E.physiologyData, (d: LivePhysiologyEstimate) => data.push(d));
  await joinRoom(socket, meetingId);
});
afterAll(async () => {
  socket?.disconnect();
  await ctx.app.liveAudio.close(meetingId);
});

describe('live physiology', () => {
  it('starts only in a live call, and another organisation gets 404', async () => {
    expect((await start(meetingId)).status).toBe(409);
    await ctx.app.liveAudio.open({ meetingId, organizationId: orgId });
    expect((await start(meetingId, seeker)).status).toBe(404);
    expect((await post('/live-inference/start-physiology', {})).status).toBe(400);
  });

  it('answers not enough signal for a short or flat trace, and stops once', async () => {
    const run = await start(meetingId);
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ physiologyStatus: 'running', samples: 0, summary: null });
    await expect.poll(() => started.map((s) => s.inferenceId)).toContain(run.body.inferenceId);

    // Someone else's capture is not theirs to feed or stop.
    expect((await send(run.body.inferenceId, [], seeker)).status).toBe(404);
    expect((await stop(run.body.inferenceId, seeker)).status).toBe(404);

    const flat = Array.from({ length: 8 * 15 }, (_, i) => ({ t: i / 15, r: 150, g: 110, b: 90 }));
    const sent = await send(run.body.inferenceId, flat);
    expect(sent.body.accepted).toBe(flat.length);
    expect(sent.body.estimate).toMatchObject({
      status: 'not_enough_signal',
      estimate: true,
      heartRate: { bpm: null },
    });
    expect(sent.body.estimate?.reason).toMatch(/^not enough signal: only 8 s of skin trace/);
    // A resent batch adds nothing.
    expect((await send(run.body.inferenceId, flat)).body.accepted).toBe(0);

    const done = await stop(run.body.inferenceId);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ physiologyStatus: 'done', samples: flat.length });
    expect(done.body.summary?.status).toBe('not_enough_signal');
    expect((await stop(run.body.inferenceId)).body).toMatchObject({ message: M.notRunning });
    expect((await stop(run.body.inferenceId)).status).toBe(409);
    expect((await send(run.body.inferenceId, flat)).status).toBe(404);
    await expect.poll(() => stopped.map((s) => s.inferenceId)).toContain(run.body.inferenceId);
  });

  it('reads a pulse the estimator can read, as an estimate over the sliding window', async () => {
    const run = (await start(meetingId)).body;
    const trace = pulseTrace(72, 40, 15);
    await feed(run.inferenceId, trace, 15);
    const mine = data.filter((d) => d.inferenceId === run.inferenceId);
    expect(mine.length).toBeGreaterThan(0);
    const last = (await stop(run.inferenceId)).body.summary!;
    expect(last.status).toBe('estimate');
    expect(last.estimate).toBe(true);
    expect(Math.abs(last.heartRate.bpm! - 72)).toBeLessThan(2);
    // The window is the last 30 s, not the whole capture.
    expect(last.windowSec).toBeGreaterThan(29);
    expect(last.windowSec).toBeLessThanOrEqual(30);
  });

  it('gives a real face patch what the offline estimator gives the same seconds', async () => {
    // A forehead recorded with a pulse oximeter beside it (85 bpm): compressed and moving,
    // its pulse stays within noise (packages/analysis heart-rate tests), so no number.
    const trace = await skinPatchTrace(fixturePath('rppg/india_video1_forehead.avi'));
    const run = (await start(meetingId)).body;
    await feed(run.inferenceId, trace.samples, Math.round(trace.fps));
    const summary = (await stop(run.inferenceId)).body.summary!;
    const end = trace.samples[trace.samples.length - 1]!.t;
    const offline = estimatePhysiology({
      fps: trace.fps,
      samples: trace.samples.filter((s) => s.t >= end - 30),
    });
    expect(summary.heartRate.bpm).toBe(offline.heartRate.bpm);
    if (offline.heartRate.bpm === null) {
      expect(summary.status).toBe('not_enough_signal');
      expect(summary.reason).toMatch(/^not enough signal: /);
    }
  }, 60_000);

  it('keeps the captures on the meeting after the call, each stopped', async () => {
    const run = (await start(meetingId)).body;
    await ctx.app.liveAudio.close(meetingId);
    const res = await call(ctx, 'GET', `/live-inference/physiology/${meetingId}`, {
      token: owner,
    });
    const runs = json<{ runs: LivePhysiologyRun[] }>(res).runs;
    expect(runs.length).toBe(4);
    expect(runs.every((r) => r.physiologyStatus === 'done')).toBe(true);
    expect(runs.find((r) => r.inferenceId === run.inferenceId)?.stoppedAt).not.toBeNull();
    const other = await call(ctx, 'GET', `/live-inference/physiology/${meetingId}`, {
      token: seeker,
    });
    expect(other.statusCode).toBe(404);
  });
});
