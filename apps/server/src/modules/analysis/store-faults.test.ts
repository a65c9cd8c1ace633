import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Meeting } from '@parley/contracts';
import { meetingTranscripts } from '../../platform/db/schema.js';
import { STORAGE_UNAVAILABLE_MESSAGE } from '../../platform/outage.js';
import { startS3Server, type S3Server } from '../../test/cloud-servers.js';
import { call, json, LOCAL_STAND_INS, signIn, type TestContext } from '../../test/context.js';
import { startFaultProxy, type FaultProxy } from '../../test/fault-proxy.js';
import {
  analysisSettled,
  complete,
  createMediaContext,
  derived,
  ffmpeg,
  fixture,
  getMedia,
  initiate,
  offlineStatus,
  sendChunk,
  type Started,
  uploadBytes,
  waitFor,
} from '../../test/media.js';
import { remainingCredits } from '../../test/plans-kit.js';

/**
 * The media store failing under a running app (issue 20, faults): the organisation's S3 store
 * is s3rver behind a proxy that answers 500 or holds requests unanswered when told. An analysis
 * step reading the recording then fails that attempt with a reason and is retried, and the
 * meeting finishes once the store is back, charged once; API calls answer 503 "try again" in
 * bounded time; the process keeps serving meanwhile.
 */

/** Eight seconds of the talking-face fixture: the whole pipeline in seconds, not minutes. */
const shortClip = () =>
  derived('talking-face-8s.mp4', (out) =>
    ffmpeg(['-i', fixture('talking-face.mp4'), '-t', '8', '-c', 'copy', out]),
  );

/** STORAGE_TIMEOUT_SECONDS here: a held request fails after 1 s of silence (× 3 SDK tries). */
const IDLE_SECONDS = 1;

let s3: S3Server;
let proxy: FaultProxy;
let ctx: TestContext;
let token: string;
let org: string;
let clip: Buffer;

beforeAll(async () => {
  clip = readFileSync(shortClip());
  s3 = await startS3Server();
  proxy = await startFaultProxy(s3.endpoint);
  ctx = await createMediaContext({
    env: {
      ...LOCAL_STAND_INS,
      STORAGE_TIMEOUT_SECONDS: String(IDLE_SECONDS),
      // A failed attempt waits before its retry, long enough for the test to see it.
      ANALYSIS_RETRY_LIMIT: '3',
      ANALYSIS_RETRY_DELAY_SECONDS: '2',
    },
  });
  const poc = await signIn(ctx, 'poc@acme.parley.local');
  const connected = await call(ctx, 'POST', '/configuration/aws', {
    token: poc.accessToken,
    payload: {
      bucket: s3.bucket,
      region: s3.region,
      endpoint: proxy.url,
      forcePathStyle: true,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    },
  });
  expect(connected.statusCode, connected.body).toBe(200);
  const user = await signIn(ctx, 'user@acme.parley.local');
  token = user.accessToken;
  org = user.user.organizationId;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await proxy?.close();
  await s3?.close();
});

const live = () => ctx.app.inject({ method: 'GET', url: '/health/live' });

/** The step whose last attempt failed with `error` and now waits for its retry. */
function attemptFailedWith(meetingId: string, error: string) {
  return waitFor(
    async () => {
      const status = await offlineStatus(ctx, token, meetingId);
      const step = status.steps.find((s) => s.state === 'pending' && s.error === error);
      return step ? { status, step } : undefined;
    },
    30_000,
    `an attempt of ${meetingId} failing with '${error}'`,
  );
}

describe('the media store failing', () => {
  let processed: Meeting;

  it('under a step reading the recording: each attempt fails, is retried; the meeting ends once', async () => {
    const before = await remainingCredits(ctx, org);
    const meeting = await uploadBytes(ctx, token, 'aws', 'store fails.mp4', clip);

    // Answering 500 (after the SDK's own three tries).
    proxy.fail(Infinity, 500);
    const first = await attemptFailedWith(meeting.id, 'the storage answered 500');
    expect(first.status.inferenceStatus).not.toBe('failed');
    expect((await live()).statusCode).toBe(200);

    // Then taking requests and never answering: the retry times out in bounded time.
    const faulted = proxy.faulted;
    proxy.hang();
    const hungAt = Date.now();
    await waitFor(async () => (proxy.faulted > faulted ? true : undefined), 30_000, 'the retry');
    // Requests not needing the store answer at once while the step waits on it.
    const asked = Date.now();
    expect((await live()).statusCode).toBe(200);
    expect(Date.now() - asked).toBeLessThan(1000);
    const second = await attemptFailedWith(meeting.id, 'the storage did not answer in time');
    // The retry's delay, then three SDK tries of one silent second each with their back-off.
    expect(Date.now() - hungAt).toBeLessThan(20_000);
    expect(second.step.step).toBe(first.step.step);
    expect(second.status.inferenceStatus).not.toBe('failed');

    proxy.heal();
    const final = await analysisSettled(ctx, token, meeting.id, { timeoutMs: 240_000 });
    expect(final.inferenceStatus, JSON.stringify(final)).toBe('processed');
    const retried = final.steps.find((s) => s.step === first.step.step);
    expect(retried?.state).toBe('done');
    expect(retried?.attempts).toBe(3);
    const transcripts = await ctx.database.db
      .select()
      .from(meetingTranscripts)
      .where(eq(meetingTranscripts.meetingId, meeting.id));
    expect(transcripts).toHaveLength(1);
    // Eight seconds: one credit, taken once.
    expect(await remainingCredits(ctx, org)).toBe((before ?? 0) - 1);
    processed = json<Meeting>(await call(ctx, 'GET', `/meeting/${meeting.id}`, { token }));
  }, 300_000);

  it('under an API call: 503 "try again" in the one error shape, not a 500 or a hang', async () => {
    const link = processed.storageLink;
    if (!link) throw new Error('the processed meeting has no video link');
    expect((await getMedia(ctx, link, { range: 'bytes=0-99' })).statusCode).toBe(206);
    const started = json<Started>(await initiate(ctx, token, 'aws', 'during.mp4', clip.length));

    const expectUnavailable = (res: Awaited<ReturnType<typeof getMedia>>) => {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(json(res)).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: STORAGE_UNAVAILABLE_MESSAGE,
      });
    };

    proxy.fail(Infinity, 503);
    expectUnavailable(await getMedia(ctx, link));
    expectUnavailable(await sendChunk(ctx, token, 'aws', started.uploadId, 0, clip));

    proxy.hang();
    const asked = Date.now();
    const [media, probe] = await Promise.all([
      getMedia(ctx, link),
      new Promise((r) => setTimeout(r, 200)).then(async () => {
        const t = Date.now();
        const res = await live();
        return { res, ms: Date.now() - t };
      }),
    ]);
    expectUnavailable(media);
    expect(Date.now() - asked).toBeLessThan(15_000);
    expect(probe.res.statusCode).toBe(200);
    expect(probe.ms).toBeLessThan(1000);

    // The client's retry once the store is back goes through.
    proxy.heal();
    expect((await getMedia(ctx, link, { range: 'bytes=0-99' })).statusCode).toBe(206);
    const sent = await sendChunk(ctx, token, 'aws', started.uploadId, 0, clip);
    expect(sent.statusCode, sent.body).toBe(200);
    const done = await complete(ctx, token, 'aws', started.uploadId, 'during.mp4', 1);
    expect(done.statusCode, done.body).toBe(200);
  }, 120_000);
});
