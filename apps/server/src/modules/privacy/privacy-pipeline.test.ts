import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transcription } from '@parley/contracts';
import { call, json, signIn, type TestContext } from '../../test/context.js';
import { analysisSettled, createMediaContext, uploadBytes } from '../../test/media.js';

/**
 * The speech step masks what the engine heard before anything stores it. The engine is the
 * OpenAI-compatible one (ASR_URL, as a self-hosted whisper server is reached), served here by a
 * local server that hears a phone number and an e-mail address in every piece of jfk.wav.
 */
const JFK = path.resolve(import.meta.dirname, '../../../../../fixtures/speech/jfk.wav');
const HEARD = 'call me on four one five five five five two six seven one or jane@acme.com thanks';

let asr: Server;
let ctx: TestContext & { mediaDir: string };
let member: string;
let poc: string;
const previousUrl = process.env.ASR_URL;

beforeAll(async () => {
  asr = createServer((req, res) => {
    req.resume().on('end', () => {
      const words = HEARD.split(' ').map((word, i) => ({
        word,
        start: i * 0.3,
        end: i * 0.3 + 0.25,
      }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ text: HEARD, words, segments: [{ start: 0, end: 5, text: HEARD }] }),
      );
    });
  });
  await new Promise<void>((r) => asr.listen(0, '127.0.0.1', r));
  process.env.ASR_URL = `http://127.0.0.1:${(asr.address() as AddressInfo).port}`;
  ctx = await createMediaContext();
  member = (await signIn(ctx, 'user@acme.parley.local')).accessToken;
  poc = (await signIn(ctx, 'poc@acme.parley.local')).accessToken;
});
afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((r) => asr.close(() => r()));
  if (previousUrl === undefined) delete process.env.ASR_URL;
  else process.env.ASR_URL = previousUrl;
});

describe('the speech step with PII redaction on and originals kept', () => {
  it('stores masked words for everyone and the engine’s words for the point of contact', async () => {
    const set = await call(ctx, 'PATCH', '/organization/privacy', {
      token: poc,
      payload: { piiRedaction: true, piiKeepOriginals: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    const m = await uploadBytes(ctx, member, 'local', 'pii.wav', readFileSync(JFK));
    const s = await analysisSettled(ctx, member, m.id, { timeoutMs: 120_000 });
    expect(s.inferenceStatus).toBe('processed');

    const t = json<Transcription>(
      await call(ctx, 'GET', `/transcription/${m.id}`, { token: member }),
    );
    const text = t.wordToWordTimestamps.map((w) => w.word).join(' ');
    expect(text).toContain('call me on [phone] or [email] thanks');
    expect(text).not.toMatch(/four one five|jane@acme\.com/);

    const originals = await call(ctx, 'GET', `/transcription/originals/${m.id}`, { token: poc });
    expect(originals.statusCode, originals.body).toBe(200);
    const said = json<Transcription>(originals)
      .wordToWordTimestamps.map((w) => w.word)
      .join(' ');
    expect(said).toContain(HEARD);
    const refused = await call(ctx, 'GET', `/transcription/originals/${m.id}`, { token: member });
    expect(refused.statusCode).toBe(403);
  }, 150_000);
});
