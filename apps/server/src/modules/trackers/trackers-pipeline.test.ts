import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MeetingTrackerHits, Tracker } from '@parley/contracts';
import { call, json, signIn, type TestContext } from '../../test/context.js';
import { createMediaContext, fixture, uploadBytes, waitFor } from '../../test/media.js';

/**
 * The whole way: a tracker defined before a recording is uploaded counts it once the speech step
 * has stored the transcript. "Sheila" is said once in fixtures/diarization/two-speakers.wav, at
 * about 15 s (see search-pipeline.test.ts).
 */
let ctx: TestContext & { mediaDir: string };
let member: string;
let poc: string;

beforeAll(async () => {
  ctx = await createMediaContext();
  member = (await signIn(ctx, 'user@acme.parley.local')).accessToken;
  poc = (await signIn(ctx, 'poc@acme.parley.local')).accessToken;
});
afterAll(async () => ctx?.close());

it('counts a tracker in a recording transcribed after it was defined', async () => {
  const res = await call(ctx, 'POST', '/trackers', {
    token: poc,
    payload: { name: 'People', phrases: ['Sheila'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  const tracker = json<Tracker>(res);

  const wav = readFileSync(path.resolve(fixture('.'), '../diarization/two-speakers.wav'));
  const meeting = await uploadBytes(ctx, member, 'local', 'tracked call.wav', wav);
  const hits = await waitFor(
    async () => {
      const r = await call(ctx, 'GET', `/trackers/meeting/${meeting.id}`, { token: member });
      expect(r.statusCode, r.body).toBe(200);
      const found = json<MeetingTrackerHits>(r).hits;
      return found.length > 0 ? found : undefined;
    },
    270_000,
    'the transcript to be counted',
  );
  expect(hits).toHaveLength(1);
  expect(hits[0]).toMatchObject({ trackerId: tracker.id, phrase: 'Sheila' });
  expect(Math.abs((hits[0]?.start ?? 0) - 15)).toBeLessThan(1.5);
}, 300_000);
