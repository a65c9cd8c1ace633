import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Meeting, Transcription } from '@parley/contracts';
import { call, json, signIn, type TestContext } from '../../test/context.js';
import { eq } from 'drizzle-orm';
import { meetings, meetingTranscripts, type MediaNotice } from '../../platform/db/schema.js';
import { createAnalysisRepo } from './repo.js';
import { recordSpeechNotice } from './speech-notice.js';
import {
  analysisSettled,
  createMediaContext,
  cutInHalfM4a,
  damagedM4a,
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

/** Issue 14 item 7: what can be read is analysed, and the meeting says what could not. */
describe('recordings that can be read in part', () => {
  const meeting = async (id: string) =>
    json<Meeting>(await call(ctx, 'GET', `/meeting/${id}`, { token }));

  it('analyses a recording cut in half as far as it goes, with its analysed length and a warning', async () => {
    const m = await uploadBytes(ctx, token, 'local', 'cut.m4a', readFileSync(cutInHalfM4a()));
    const s = await settled(m.id);
    expect(s.inferenceStatus).toBe('processed');
    const after = await meeting(m.id);
    // Measured: 5.5 s of the declared 11.0 s decode.
    expect(after.durationSec).toBeGreaterThan(5);
    expect(after.durationSec).toBeLessThan(6);
    expect(after.mediaNotice).toMatchObject({ kind: 'truncated', declaredSec: 11 });
    expect(after.mediaNotice?.analysedSec).toBeCloseTo(after.durationSec ?? 0, 1);
    expect(after.mediaNotice?.message).toMatch(/^Only 5\.\d s of 11\.0 s could be read/);
    const t = json<Transcription>(await call(ctx, 'GET', `/transcription/${m.id}`, { token }));
    expect(t.wordToWordTimestamps.length).toBeGreaterThan(3);
  }, 120_000);

  it('analyses a recording with a damaged middle, says so, and keeps its length', async () => {
    const m = await uploadBytes(ctx, token, 'local', 'damaged.m4a', readFileSync(damagedM4a()));
    const s = await settled(m.id);
    expect(s.inferenceStatus).toBe('processed');
    const after = await meeting(m.id);
    expect(after.durationSec).toBeCloseTo(11, 0);
    expect(after.mediaNotice).toMatchObject({ kind: 'unreadable_part' });
    // Measured: 13 damaged AAC frames skipped.
    expect(after.mediaNotice?.message).toMatch(/\d+ pieces of audio could not be decoded/);
  }, 120_000);

  it('removes the words of a transcript in a language the engine detected but cannot transcribe, and says so', async () => {
    const m = await uploadBytes(ctx, token, 'local', 'lang.m4a', readFileSync(cutInHalfM4a()));
    await settled(m.id);
    const repo = createAnalysisRepo(ctx.database.db);
    // What a language-detecting engine stores with its transcript (the models helper's
    // whisper path): French, detected.
    await ctx.database.db
      .update(meetingTranscripts)
      .set({ language: { code: 'fr', source: 'detected' } })
      .where(eq(meetingTranscripts.meetingId, m.id));
    // The meetings service's recordMediaNotice, on the same database.
    const record = {
      recordMediaNotice: async (id: string, notice: MediaNotice | null, analysedSec?: number) => {
        const set = {
          mediaNotice: notice,
          ...(analysedSec === undefined ? {} : { durationSec: analysedSec }),
        };
        const [row] = await ctx.database.db
          .update(meetings)
          .set(set)
          .where(eq(meetings.id, id))
          .returning();
        return row ?? null;
      },
    };
    await recordSpeechNotice({ repo, meetings: record, now: () => new Date() }, m.id, {
      engine: { name: 'whisper', model: 'ggml-base.en.bin', quality: '' },
      notice: null,
      durationSec: 5.5,
    });
    const after = await meeting(m.id);
    expect(after.mediaNotice).toMatchObject({ kind: 'unsupported_language', language: 'fr' });
    expect(after.mediaNotice?.message).toMatch(/^The recording is in French/);
    const t = json<Transcription>(await call(ctx, 'GET', `/transcription/${m.id}`, { token }));
    expect(t.wordToWordTimestamps).toEqual([]);
  }, 120_000);
});
