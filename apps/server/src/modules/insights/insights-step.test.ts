import { readFileSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  offlineStatusSchema,
  type Meeting,
  type MeetingInsights,
  type OfflineStatus,
  type ScoreResult,
} from '@parley/contracts';
import { bundleFeatures, features, meetingInsights } from '../../platform/db/schema.js';
import { call, json, signIn, type TestContext } from '../../test/context.js';
import {
  analysisSettled,
  createMediaContext,
  mediaSeconds,
  talkingFaceClip,
  uploadBytes,
} from '../../test/media.js';
import { promptsForStage } from './prompts.js';

let ctx: TestContext & { mediaDir: string };
let token: string;
// The first 17 s of the talking-face recording: enough speech for every prompt to cite, and the
// step's behaviour (one row per prompt, re-runs in place, the feature gate) does not grow with
// the length.
const clip = talkingFaceClip(17);
const video = readFileSync(clip);
const RECORDING_SEC = mediaSeconds(clip);

const settled = (meetingId: string, runId?: string) =>
  analysisSettled(ctx, token, meetingId, { runId });
const rows = (meetingId: string) =>
  ctx.database.db.select().from(meetingInsights).where(eq(meetingInsights.meetingId, meetingId));
const reanalyzeFrom = async (meetingId: string, stage: string) => {
  const res = await call(ctx, 'POST', '/offline/re-analyze', {
    token,
    payload: { meetingId, stage },
  });
  expect(res.statusCode, res.body).toBe(202);
  return settled(meetingId, offlineStatusSchema.parse(json(res)).runId ?? undefined);
};
const insightsStep = (s: OfflineStatus) => s.steps.find((x) => x.step === 'insights');

beforeAll(async () => {
  ctx = await createMediaContext({
    env: { ANALYSIS_RETRY_LIMIT: '1', ANALYSIS_RETRY_DELAY_SECONDS: '0' },
  });
  token = (await signIn(ctx, 'user@acme.parley.local')).accessToken;
});
afterAll(async () => ctx?.close());

describe('the insights step', () => {
  let meeting: Meeting;
  let first: OfflineStatus;
  const expected = promptsForStage('basic_meeting').map((p) => p.name);

  it('runs every prompt on a real recording, storing one cited result per prompt', async () => {
    meeting = await uploadBytes(ctx, token, 'local', 'insights call.mp4', video);
    first = await settled(meeting.id);
    expect(first.inferenceStatus).toBe('processed');
    expect(insightsStep(first)).toMatchObject({ state: 'done', progress: 100, error: null });

    const stored = await rows(meeting.id);
    expect(stored.map((r) => r.promptName).sort()).toEqual([...expected].sort());
    for (const r of stored) {
      expect(r.runId).toBe(first.runId);
      expect(r.provider).toBe('local');
      expect(r.model).toBe('parley-local');
      expect(r.inputTokens).toBeGreaterThan(0);
      for (const c of [...r.citations.score, ...r.citations.items.flat()]) {
        expect(c.start).toBeGreaterThanOrEqual(0);
        expect(c.start).toBeLessThanOrEqual(RECORDING_SEC);
      }
    }
    // Every scored category rests on moments of the recording.
    for (const name of ['Technical', 'Communication', 'Behavioral', 'Alerts']) {
      const r = stored.find((x) => x.promptName === name);
      const result = r?.result as ScoreResult;
      expect(result.score).toBeGreaterThanOrEqual(0);
      expect(result.score).toBeLessThanOrEqual(100);
      expect(r?.citations.score.length).toBeGreaterThan(0);
    }
    const summary = stored.find((x) => x.promptName === 'Summary');
    expect(Array.isArray(summary?.result) && summary.result.length > 0).toBe(true);
    expect(summary?.citations.items.every((c) => c.length > 0)).toBe(true);

    const page = json<MeetingInsights>(
      await call(ctx, 'GET', `/text-analytics/meeting/${meeting.id}`, { token }),
    );
    const score = (n: string) =>
      (page.data.find((d) => d.promptName === n)?.result as ScoreResult).score;
    expect(page.overallScore).toBe(
      Math.round((score('Technical') + score('Communication') + score('Behavioral')) / 3),
    );
    expect(page.threshold).toBe(70);
  }, 180_000);

  it('is idempotent: a re-run replaces each prompt’s row in place', async () => {
    const again = await reanalyzeFrom(meeting.id, 'insights');
    // media, speech, text and video are not run again; insights and finish are.
    expect(again.steps.map((s) => s.state)).toEqual([
      'skipped',
      'skipped',
      'skipped',
      'skipped',
      'done',
      'done',
    ]);
    const stored = await rows(meeting.id);
    expect(stored).toHaveLength(expected.length);
    expect(new Set(stored.map((r) => r.runId))).toEqual(new Set([again.runId]));
  }, 180_000);

  it('is skipped for an organisation without Zai Intelligence, keeping what was stored', async () => {
    const [zai] = await ctx.database.db
      .select()
      .from(features)
      .where(eq(features.name, 'Zai Intelligence'));
    if (!zai) throw new Error('no Zai Intelligence feature');
    const links = await ctx.database.db
      .delete(bundleFeatures)
      .where(inArray(bundleFeatures.featureId, [zai.id]))
      .returning();
    try {
      const before = await rows(meeting.id);
      const skipped = await reanalyzeFrom(meeting.id, 'insights');
      expect(skipped.inferenceStatus).toBe('processed');
      expect(insightsStep(skipped)).toMatchObject({ state: 'skipped', progress: 100 });
      expect(skipped.steps.at(-1)?.state).toBe('done');
      const after = await rows(meeting.id);
      expect(after.map((r) => r.updatedAt.getTime()).sort()).toEqual(
        before.map((r) => r.updatedAt.getTime()).sort(),
      );
    } finally {
      await ctx.database.db.insert(bundleFeatures).values(links);
    }
  }, 180_000);
});
