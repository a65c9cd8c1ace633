import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TranscriptSearchResult } from '@parley/contracts';
import { call, json, signIn, type TestContext } from '../../test/context.js';
import { createMediaContext, fixture, uploadBytes, waitFor } from '../../test/media.js';

/**
 * The whole way: a real recording uploaded, transcribed by the speech step, found by search.
 * "Sheila" is said once in fixtures/diarization/two-speakers.wav; two-speakers.stm times the
 * turn "And I'm Sheila in Texas, originally from Chicago." at 14.444–17.769 s, which puts the
 * word at about 15.0 s (its place in the turn's text).
 */
const SHEILA_SPOKEN_AT = 14.444 + (8 / 48) * (17.769 - 14.444);

let ctx: TestContext & { mediaDir: string };
let token: string;

beforeAll(async () => {
  ctx = await createMediaContext();
  token = (await signIn(ctx, 'user@acme.parley.local')).accessToken;
});
afterAll(async () => ctx?.close());

it('finds a word spoken in an uploaded recording at the moment it is said', async () => {
  const wav = readFileSync(path.resolve(fixture('.'), '../diarization/two-speakers.wav'));
  const meeting = await uploadBytes(ctx, token, 'local', 'two speakers.wav', wav);
  // The speech step's segments are searchable as soon as it has stored the transcript; the
  // later steps (text, insights) do not matter here, and a loaded machine makes them slow.
  const found = await waitFor(
    async () => {
      const res = await call(ctx, 'GET', '/search/transcripts?q=sheila', { token });
      expect(res.statusCode, res.body).toBe(200);
      const r = json<TranscriptSearchResult>(res);
      return r.count > 0 ? r : undefined;
    },
    270_000,
    'the transcript to be searchable',
  );
  expect(found.count).toBe(1);
  const [moment] = found.data;
  expect(moment).toMatchObject({ meetingId: meeting.id, meetingName: 'two speakers' });
  expect(Math.abs((moment?.start ?? 0) - SHEILA_SPOKEN_AT)).toBeLessThan(0.5);
}, 300_000);
