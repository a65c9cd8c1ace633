import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  VIDEO_SIGNALS_MESSAGES,
  LIP_SYNC_EVENT,
  VIDEO_EVENT_KINDS,
  featureUnavailableMessage,
  lipSyncEventSchema,
  videoEvent,
  type LipSyncResponse,
  offlineStatusSchema,
  type EyeGazeResponse,
  type HeadPoseResponse,
  type Meeting,
  type PhysiologicalResponse,
  type PhysiologyStatus,
  type Spo2Response,
} from '@parley/contracts';
import { analysisRuns, meetingVideoSignals } from '../../platform/db/schema.js';
import { call, json, signIn, signUp, type TestContext } from '../../test/context.js';
import {
  createMediaContext,
  derived,
  ffmpeg,
  fixture,
  talkingFaceClip,
  uploadBytes,
  waitFor,
} from '../../test/media.js';
import { grantInterviewIntelligence } from '../../test/plans-kit.js';
import { connectRealtime, joinRoom } from '../../test/realtime.js';

let ctx: TestContext & { mediaDir: string };
let token: string;
let meeting: Meeting;
/** The meeting's lip-sync events as the room received them, in order. */
const lipSyncEvents: { event: string; payload: unknown }[] = [];
const dataEvents: { event: string; payload: unknown }[] = [];

const get = (path: string, t = token) => call(ctx, 'GET', path, { token: t });
const settled = (meetingId: string) =>
  waitFor(
    async () => {
      const res = await get(`/offline/status/${meetingId}`);
      const s = offlineStatusSchema.parse(json(res));
      return s.inferenceStatus === 'processed' || s.inferenceStatus === 'failed' ? s : undefined;
    },
    640_000,
    `the analysis of ${meetingId}`,
  );

/**
 * The first 17 s of talking-face.mp4: long enough for a heart rate (physiology needs 10 s of
 * trace) and four live lip-sync windows, short enough that the whole pipeline takes seconds.
 */
const CLIP_SEC = 17;
const clip = () => talkingFaceClip(CLIP_SEC);

beforeAll(async () => {
  // 1 fps keeps the face pass short; 5 fps of skin trace (pulse up to 150 bpm) is enough to test
  // the step's plumbing, and shares the face pass's decode (every 5th frame is a face-pass one).
  // Heart-rate accuracy at the real rate is tested in packages/analysis.
  ctx = await createMediaContext({
    env: { VIDEO_FPS: '1', PHYSIOLOGY_FPS: '5', ANALYSIS_RETRY_LIMIT: '0' },
  });
  const s = await signIn(ctx, 'user@acme.parley.local');
  token = s.accessToken;
  await grantInterviewIntelligence(ctx, s.user.organizationId);
});
afterAll(async () => ctx?.close());

/** Follows a meeting's room like the web page does, recording its lip-sync events. */
async function followLipSync(meetingId: string) {
  const socket = await connectRealtime(ctx, token);
  for (const what of ['started', 'data', 'stopped', 'failed'] as const) {
    const event = videoEvent('lip sync', what);
    socket.on(event, (payload: unknown) => lipSyncEvents.push({ event, payload }));
  }
  for (const kind of VIDEO_EVENT_KINDS.filter((k) => k !== 'lip sync')) {
    const event = videoEvent(kind, 'data');
    socket.on(event, (payload: unknown) => dataEvents.push({ event, payload }));
  }
  await joinRoom(socket, meetingId);
  return () => socket.disconnect();
}

describe("the 'video' step", () => {
  it('takes an uploaded video to processed with faces and physiology stored', async () => {
    meeting = await uploadBytes(ctx, token, 'local', 'face call.mp4', readFileSync(clip()));
    // Joined while the media is prepared, before the video step reads a frame.
    const unfollow = await followLipSync(meeting.id);
    const status = await settled(meeting.id);
    unfollow();
    expect(status.inferenceStatus).toBe('processed');
    expect(status.steps.map((s) => [s.step, s.state])).toContainEqual(['video', 'done']);
    // Both read only the prepared media, so the faces are not kept waiting for the transcript.
    const [run] = await ctx.database.db
      .select()
      .from(analysisRuns)
      .where(eq(analysisRuns.meetingId, meeting.id));
    const { speech, video } = run!.steps;
    expect(Date.parse(video!.startedAt!)).toBeLessThan(Date.parse(speech!.finishedAt!));

    const [row] = await ctx.database.db
      .select()
      .from(meetingVideoSignals)
      .where(eq(meetingVideoSignals.meetingId, meeting.id));
    expect(row).toMatchObject({
      runId: status.runId,
      hasVideo: true,
      fps: 1,
      physiologyState: 'done',
    });
    // One face-pass frame a second, the first at 0.
    expect(row?.frames.length).toBeGreaterThanOrEqual(CLIP_SEC);
  }, 660_000);

  it("sends live lip-sync windows while the frames are read, then the meeting's figure", async () => {
    const names = lipSyncEvents.map((e) =>
      e.event === LIP_SYNC_EVENT ? lipSyncEventSchema.parse(e.payload).kind : e.event,
    );
    // 10 s windows every 2 s of the 17 s clip end at 10, 12, 14 and 16: four when the face is
    // in 8 of each window's 10 frames (1 fps here), as it is in this recording.
    const count = 4;
    expect(names).toEqual([
      'lip sync started',
      ...Array<string>(count).fill('window'),
      'summary',
      'lip sync stopped',
    ]);
    const windows = lipSyncEvents.slice(1, 1 + count).map((e) => e.payload);
    expect(windows.map((w) => (w as { end: number }).end)).toEqual(
      Array.from({ length: count }, (_, i) => 10 + 2 * i),
    );
    expect(windows[0]).toEqual({
      kind: 'window',
      meetingId: meeting.id,
      personId: 'person_01',
      start: 0,
      end: 10,
      score: expect.any(Number),
      status: expect.stringMatching(/^(in_sync|out_of_sync)$/),
      frames: expect.any(Number),
      threshold: 0.2,
    });
    // The summary is the stored figure, without its per-frame series (NOTIFY's 8000 bytes).
    const stored = json<LipSyncResponse>(await get(`/inference/lipsync/${meeting.id}`));
    const summary = lipSyncEvents[1 + count]!.payload;
    expect(summary).toEqual({
      kind: 'summary',
      meetingId: meeting.id,
      lipSync: {
        available: true,
        persons: stored.persons.map(({ samples: _s, ...p }) => p),
      },
    });
    for (const e of lipSyncEvents) expect(JSON.stringify(e.payload).length).toBeLessThan(8000);
  });

  it('keeps every other data event small too: eye gaze sends counts, the route has the points', async () => {
    const gaze = dataEvents.find((e) => e.event === videoEvent('eye gaze', 'data'));
    const stored = json<EyeGazeResponse>(await get(`/inference/eyegaze/${meeting.id}`));
    expect(gaze?.payload).toMatchObject({
      meetingId: meeting.id,
      gaze: { max_x: 310, max_y: 210, points: stored.points.length },
    });
    for (const e of dataEvents) expect(JSON.stringify(e.payload).length).toBeLessThan(8000);
  });

  it('answers head pose with the face tracked in most frames', async () => {
    const res = await get(`/inference/headpose/${meeting.id}`);
    expect(res.statusCode).toBe(200);
    const body = json<HeadPoseResponse>(res);
    expect(body.video.state).toBe('ready');
    expect(body.video.framesWithFaces / body.video.framesAnalysed).toBeGreaterThan(0.8);
    const main = body.persons[0]!;
    const total = Object.values(main.shares).reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(1, 1);
    expect(body.series.length).toBeGreaterThanOrEqual(body.video.framesWithFaces);
  });

  it('answers gaze on the 310x210 canvas with heat-map points of 50', async () => {
    const body = json<EyeGazeResponse>(await get(`/inference/eyegaze/${meeting.id}`));
    expect(body.config).toEqual({ max_x: 310, max_y: 210 });
    expect(body.heatMap.length).toBeGreaterThan(0);
    for (const p of body.heatMap) {
      expect(p.value).toBe(50);
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(310);
    }
  });

  it('gives a plausible heart rate, and labels SpO2, blood pressure and stress as estimates', async () => {
    const body = json<PhysiologicalResponse>(await get(`/inference/physiological/${meeting.id}`));
    const person = body.persons[0]!;
    expect(person.heartRate.bpm).toBeGreaterThan(45);
    expect(person.heartRate.bpm).toBeLessThan(150);
    expect(body.averages?.Heart_Rate).toBe(person.heartRate.bpm);
    expect(person.stress.estimate).toBe(true);
    expect(body.estimated).toEqual(['Systolic_BP', 'Diastolic_BP', 'Blood_Oxygen', 'Stress_Level']);

    const spo2 = json<Spo2Response>(await get(`/inference/spo2/${meeting.id}`));
    expect(spo2.estimate).toBe(true);
    expect(spo2.persons[0]?.spo2.estimate).toBe(true);
    expect(spo2.persons[0]?.bloodPressure.estimate).toBe(true);
  });

  it('says plainly that race is not estimated, and marks truthfulness experimental', async () => {
    const race = json(await get(`/inference/race/${meeting.id}`));
    expect(race).toMatchObject({
      estimated: false,
      reason: expect.stringMatching(/does not guess race/),
    });
    const truth = json(await get(`/inference/truthfulness/${meeting.id}`));
    expect(truth).toMatchObject({ experimental: true, note: expect.any(String) });
  });

  it('re-runs physiology alone on start-physiology and reports its status', async () => {
    const res = await call(ctx, 'POST', '/offline/start-physiology', {
      token,
      payload: { meetingId: meeting.id },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ physiologyStatus: 'running' });
    const done = await waitFor(
      async () => {
        const s = json<PhysiologyStatus>(await get(`/meeting/physiology/status/${meeting.id}`));
        return s.physiologyStatus === 'done' || s.physiologyStatus === 'failed' ? s : undefined;
      },
      400_000,
      'physiology',
    );
    expect(done).toMatchObject({ physiologyStatus: 'done', progress: 100, error: null });
    const alias = json(await get(`/meeting/physiologyStatus?meetingId=${meeting.id}`));
    expect(alias).toMatchObject({ physiologyStatus: 'done' });
  }, 420_000);
});

describe('access to the video signals', () => {
  it('refuses an organisation without the feature with its name', async () => {
    const other = await signUp(ctx, 'nofeatures@example.com', { organizationName: 'Plain Co' });
    const res = await get(`/inference/headpose/${meeting.id}`, other.accessToken);
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toBe(featureUnavailableMessage('Head Pose'));
    const phys = await get(`/inference/physiological/${meeting.id}`, other.accessToken);
    expect(json(phys).message).toBe(featureUnavailableMessage('Physiology Analytics'));
  });

  it("answers 404 for another organisation's meeting even with every feature", async () => {
    const seeker = await signIn(ctx, 'seeker@parley.local');
    const res = await get(`/inference/headpose/${meeting.id}`, seeker.accessToken);
    expect(res.statusCode).toBe(404);
  });
});

describe('audio-only media', () => {
  it("skips the 'video' step and says so in every answer", async () => {
    const clip = derived('talking-face-8s.m4a', (out) =>
      ffmpeg(['-i', fixture('talking-face.mp4'), '-t', '8', '-vn', '-c:a', 'copy', out]),
    );
    const audio = await uploadBytes(ctx, token, 'local', 'voice only.m4a', readFileSync(clip));
    const status = await settled(audio.id);
    expect(status.inferenceStatus).toBe('processed');
    expect(status.steps.map((s) => [s.step, s.state])).toContainEqual(['video', 'skipped']);
    const body = json<HeadPoseResponse>(await get(`/inference/headpose/${audio.id}`));
    expect(body.video.state).toBe('audio_only');
    expect(body.persons).toEqual([]);
    const start = await call(ctx, 'POST', '/offline/start-physiology', {
      token,
      payload: { meetingId: audio.id },
    });
    expect(start.statusCode).toBe(400);
    expect(json(start).message).toBe(VIDEO_SIGNALS_MESSAGES.audioOnly);
  }, 450_000);
});
