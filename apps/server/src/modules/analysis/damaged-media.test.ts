import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, json, signIn, type TestContext } from '../../test/context.js';
import {
  analysisSettled,
  createMediaContext,
  derived,
  ffmpeg,
  fixture,
  headerLiesMp4,
  uploadBytes,
} from '../../test/media.js';

/**
 * Issue 21: a crafted upload must fail its meeting with a sentence a user can read, at the
 * first attempt, and leave the server serving. Runs on PGlite and PostgreSQL.
 */
let ctx: TestContext & { mediaDir: string };
let token: string;

/** Absolute server paths ("/tmp/…/source.mp4") and stack frames ("    at fn (file:1:2)"). */
const SERVER_DETAIL = /(^|[\s'"(:])\/[\w.@-]+\/|\n\s+at\s/;

const settled = (meetingId: string) =>
  analysisSettled(ctx, token, meetingId, { timeoutMs: 60_000 });

beforeAll(async () => {
  // Retries would be allowed: a damaged file must not use them.
  ctx = await createMediaContext({
    env: { ANALYSIS_RETRY_LIMIT: '3', ANALYSIS_RETRY_DELAY_SECONDS: '0' },
  });
  token = (await signIn(ctx, 'user@acme.parley.local')).accessToken;
});
afterAll(async () => ctx?.close());

describe('damaged recordings', () => {
  it('fails a recording whose header claims 2,147,483 s (3 s decodable) with a clear reason, once', async () => {
    const meeting = await uploadBytes(
      ctx,
      token,
      'local',
      'crafted.mp4',
      readFileSync(headerLiesMp4()),
    );
    const s = await settled(meeting.id);
    expect(s.inferenceStatus).toBe('failed');
    expect(s.statusReason).toMatch(/header says it lasts 596:31:23/);
    expect(s.statusReason).toMatch(/only 0:00:03 could be decoded/);
    expect(s.statusReason).not.toMatch(SERVER_DETAIL);
    const media = s.steps.find((x) => x.step === 'media');
    expect(media).toMatchObject({ state: 'failed', attempts: 1 });
    expect(media?.error).not.toMatch(SERVER_DETAIL);

    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const m = json<{ durationSec: number | null }>(
      await call(ctx, 'GET', `/meeting/${meeting.id}`, { token }),
    );
    // The header's claim is never stored: it would be charged and scale the job's expiry.
    expect(m.durationSec ?? 0).toBeLessThan(10);
  }, 90_000);

  it('fails a file ffprobe cannot read at the first attempt, without a server path', async () => {
    const meeting = await uploadBytes(
      ctx,
      token,
      'local',
      'not really.mp4',
      Buffer.from('this is not a recording '.repeat(200)),
    );
    const s = await settled(meeting.id);
    expect(s.inferenceStatus).toBe('failed');
    expect(s.statusReason).toMatch(/^Could not process the media file: /);
    expect(s.statusReason).not.toMatch(SERVER_DETAIL);
    expect(s.steps.find((x) => x.step === 'media')).toMatchObject({
      state: 'failed',
      attempts: 1,
    });
  }, 90_000);

  it('fails a recording with no sound at the speech step at the first attempt, without a server path', async () => {
    // Plays, probes and gets its thumbnail; only the speech step finds nothing to decode,
    // and no retry can give it a sound track.
    const silent = derived('small-face-no-audio.mp4', (out) =>
      ffmpeg(['-i', fixture('small-face-wide-shot.mp4'), '-an', '-c', 'copy', out]),
    );
    const meeting = await uploadBytes(ctx, token, 'local', 'silent.mp4', readFileSync(silent));
    const s = await settled(meeting.id);
    expect(s.inferenceStatus).toBe('failed');
    const speech = s.steps.find((x) => x.step === 'speech');
    expect(speech).toMatchObject({ state: 'failed', attempts: 1 });
    expect(s.statusReason).toBe('The recording has no sound track to transcribe.');
    expect(speech?.error).not.toMatch(SERVER_DETAIL);
  }, 90_000);
});
