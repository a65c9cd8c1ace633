import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANALYSIS_MESSAGES,
  ANALYSIS_STEP_LABELS,
  CREDIT_MESSAGES,
  offlineStatusSchema,
  type Meeting,
  type OfflineStatus,
} from '@parley/contracts';
import { analysisRuns, meetingTranscripts, participants, plans } from '../../platform/db/schema.js';
import { creditsFor } from '../billing/index.js';
import { call, json, signIn, signUp, type TestContext } from '../../test/context.js';
import { remainingCredits } from '../../test/plans-kit.js';
import {
  analysisSettled,
  createMediaContext,
  mediaSeconds,
  offlineStatus,
  talkingFaceClip,
  uploadBytes,
} from '../../test/media.js';

let ctx: TestContext & { mediaDir: string };
let token: string;
let org: string;
// Eight seconds of the talking-face recording: what is tested is the pipeline's steps, runs,
// charges and failures, which a short clip goes through the same way in a fraction of the time.
const clip = talkingFaceClip(8);
const video = readFileSync(clip);
const clipSec = mediaSeconds(clip);

const remaining = () => remainingCredits(ctx, org);
const setCredits = (n: number) =>
  ctx.database.db.update(plans).set({ remainingCredits: n }).where(eq(plans.organizationId, org));

const status = (meetingId: string, t = token) => offlineStatus(ctx, t, meetingId);
const settled = (meetingId: string, runId?: string) =>
  analysisSettled(ctx, token, meetingId, { runId });

const transcriptRows = (meetingId: string) =>
  ctx.database.db
    .select()
    .from(meetingTranscripts)
    .where(eq(meetingTranscripts.meetingId, meetingId));

beforeAll(async () => {
  ctx = await createMediaContext({
    env: { ANALYSIS_RETRY_LIMIT: '1', ANALYSIS_RETRY_DELAY_SECONDS: '0' },
  });
  const s = await signIn(ctx, 'user@acme.parley.local');
  token = s.accessToken;
  org = s.user.organizationId;
});
afterAll(async () => ctx?.close());

describe('the analysis pipeline', () => {
  let meeting: Meeting;
  let first: OfflineStatus;

  it('queues an upload at once and takes it to processed, charging its credits once', async () => {
    const before = await remaining();
    meeting = await uploadBytes(ctx, token, 'local', 'pipeline call.mp4', video);
    expect(['queued', 'analysing']).toContain(meeting.inferenceStatus);

    first = await settled(meeting.id);
    expect(first).toMatchObject({
      meetingId: meeting.id,
      inferenceStatus: 'processed',
      statusReason: null,
      progress: 100,
    });
    expect(first.runId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.steps.map((s) => [s.step, s.state, s.progress, s.error])).toEqual([
      ['media', 'done', 100, null],
      ['speech', 'done', 100, null],
      ['text', 'done', 100, null],
      // The demo organisation has none of the video features.
      ['video', 'skipped', 100, null],
      ['insights', 'done', 100, null],
      ['finish', 'done', 100, null],
    ]);
    expect(first.steps.every((s) => s.attempts >= 1)).toBe(true);
    expect(first.steps[1]?.label).toBe(ANALYSIS_STEP_LABELS.speech);
    expect(first.engine?.name).toBeTruthy();

    const rows = await transcriptRows(meeting.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.runId).toBe(first.runId);
    expect(rows[0]?.audioLengthSec).toBeCloseTo(clipSec, 0);
    expect(rows[0]?.words.length).toBeGreaterThan(10);
    // pocketsphinx's en-us model knows English only: assumed, not detected.
    expect(rows[0]?.language).toEqual({ code: 'en', source: 'default' });
    expect(rows[0]?.analytics).toMatchObject({ audioLengthSec: expect.any(Number) });
    expect(await remaining()).toBe((before ?? 0) - creditsFor(clipSec / 60));
    const [run] = await ctx.database.db
      .select()
      .from(analysisRuns)
      .where(eq(analysisRuns.meetingId, meeting.id));
    expect(run?.chargedRunId).toBe(first.runId);
  }, 180_000);

  it('re-analyzes from text in a new run, keeping the transcript', async () => {
    const before = await remaining();
    const [kept] = await transcriptRows(meeting.id);
    const res = await call(ctx, 'POST', '/offline/re-analyze', {
      token,
      payload: { meetingId: meeting.id, stage: 'text' },
    });
    expect(res.statusCode).toBe(202);
    const queued = offlineStatusSchema.parse(json(res));
    expect(queued.runId).not.toBe(first.runId);
    expect(queued.inferenceStatus).toBe('queued');

    const again = await settled(meeting.id, queued.runId ?? undefined);
    expect(again.inferenceStatus).toBe('processed');
    expect(again.steps.map((s) => s.state)).toEqual([
      'skipped',
      'skipped',
      'done',
      'skipped',
      'done',
      'done',
    ]);
    const rows = await transcriptRows(meeting.id);
    expect(rows).toHaveLength(1);
    // The speech step did not run again: same transcript, made by the first run.
    expect(rows[0]?.runId).toBe(first.runId);
    expect(rows[0]?.words).toEqual(kept?.words);
    expect(rows[0]?.analytics).not.toBeNull();
    // A run is charged once: this one once more.
    expect(await remaining()).toBe((before ?? 0) - creditsFor(clipSec / 60));
  }, 180_000);

  it("takes the meeting's invited participants as the speaker count's bound, recorded as their source", async () => {
    // The meeting of the tests above, settled: its first run estimated the count (nobody was
    // invited), one voice in talking-face.mp4; the re-run from text kept that transcript.
    const [estimated] = await transcriptRows(meeting.id);
    expect(estimated?.runId).toBe(first.runId);
    expect(estimated?.speakerCount).toEqual({ value: 1, source: 'estimated' });
    await ctx.database.db.insert(participants).values(
      ['ana', 'ben', 'chloe'].map((name) => ({
        organizationId: org,
        meetingId: meeting.id,
        email: `${name}.speakers@example.com`,
        name,
        tokenHash: `speakers-test-${name}`,
      })),
    );
    const res = await call(ctx, 'POST', '/offline/re-analyze', {
      token,
      payload: { meetingId: meeting.id, stage: 'speech' },
    });
    expect(res.statusCode).toBe(202);
    const queued = offlineStatusSchema.parse(json(res));
    const again = await settled(meeting.id, queued.runId ?? undefined);
    expect(again.inferenceStatus).toBe('processed');
    const [row] = await transcriptRows(meeting.id);
    expect(row?.runId).toBe(queued.runId);
    // Three people were invited, one talks: the bound is not reached by splitting her voice.
    expect(row?.speakerCount).toEqual({ value: 1, source: 'participants' });
    await ctx.database.db.delete(participants).where(eq(participants.meetingId, meeting.id));
  }, 180_000);

  it('ends a step that keeps failing in the dead-letter state, with its reason', async () => {
    // The recording disappears from storage: the speech step cannot read it, every time.
    const row = await ctx.database.db.query.meetings.findFirst({
      where: (m, { eq: is }) => is(m.id, meeting.id),
    });
    rmSync(path.join(ctx.mediaDir, row?.sourceKey ?? 'missing'));
    const res = await call(ctx, 'POST', '/offline/re-analyze', {
      token,
      payload: { meetingId: meeting.id, stage: 'speech' },
    });
    expect(res.statusCode).toBe(202);
    const runId = offlineStatusSchema.parse(json(res)).runId ?? undefined;
    const failed = await settled(meeting.id, runId);
    const reason = 'the recording is no longer in storage';
    expect(failed.inferenceStatus).toBe('failed');
    expect(failed.statusReason).toBe(
      ANALYSIS_MESSAGES.deadLettered(ANALYSIS_STEP_LABELS.speech, reason),
    );
    expect(failed.steps[1]).toMatchObject({ step: 'speech', state: 'failed', error: reason });
    // ANALYSIS_RETRY_LIMIT=1: the first run and one retry.
    expect(failed.steps[1]?.attempts).toBe(2);
    expect(failed.steps[2]?.state).toBe('pending');
    // The earlier transcript is still there.
    expect(await transcriptRows(meeting.id)).toHaveLength(1);
  }, 180_000);

  it('refuses to start without credits (402), and an upload then waits with the reason', async () => {
    await setCredits(0);
    const res = await call(ctx, 'POST', '/offline/start', {
      token,
      payload: { meetingId: meeting.id },
    });
    expect(res.statusCode).toBe(402);
    expect(json(res).message).toBe(CREDIT_MESSAGES.notEnough(1, 0));

    const waiting = await uploadBytes(ctx, token, 'local', 'no credits.mp4', video);
    expect(waiting.inferenceStatus).toBe('uploaded');
    expect(waiting.statusReason).toBe(CREDIT_MESSAGES.notEnough(1, 0));
    const s = await status(waiting.id);
    expect(s).toMatchObject({ inferenceStatus: 'uploaded', runId: null, progress: 0 });
    expect(s.steps.every((x) => x.state === 'pending')).toBe(true);
    await setCredits(600);
  });

  it('keeps status and start inside the organisation, and start to those who manage', async () => {
    const outsider = (await signUp(ctx, 'someone@elsewhere.example', { organizationName: 'Else' }))
      .accessToken;
    const unseen = await call(ctx, 'GET', `/offline/status/${meeting.id}`, { token: outsider });
    expect(unseen.statusCode).toBe(404);
    const start = await call(ctx, 'POST', '/offline/start', {
      token: outsider,
      payload: { meetingId: meeting.id },
    });
    expect(start.statusCode).toBe(404);
    const re = await call(ctx, 'POST', '/offline/re-analyze', {
      token: outsider,
      payload: { meetingId: meeting.id, stage: 'text' },
    });
    expect(re.statusCode).toBe(404);

    // The poc sees every meeting of the organisation and may restart it.
    const poc = (await signIn(ctx, 'poc@acme.parley.local')).accessToken;
    expect((await status(meeting.id, poc)).meetingId).toBe(meeting.id);
    // A colleague who does not own it and has no share sees nothing.
    const rep = (await signIn(ctx, 'rep@acme.parley.local')).accessToken;
    const hidden = await call(ctx, 'GET', `/offline/status/${meeting.id}`, { token: rep });
    expect(hidden.statusCode).toBe(404);
  });

  it('says a meeting already in progress is running (409)', async () => {
    const m = await uploadBytes(ctx, token, 'local', 'twice.mp4', video);
    expect(['queued', 'analysing']).toContain(m.inferenceStatus);
    const res = await call(ctx, 'POST', '/offline/start', { token, payload: { meetingId: m.id } });
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(ANALYSIS_MESSAGES.alreadyRunning);
  });
});
