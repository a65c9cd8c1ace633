import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MOCK_RUN_MESSAGES as R,
  TALENT_PROFILE_MESSAGES as M,
  type MockAnswerAudioResult,
  type MockAnswerResult,
  type MockInterview,
} from '@parley/contracts';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { call, json, signIn, signUp } from '../../test/context.js';
import { derived, ffmpeg } from '../../test/media.js';

useTestApp();

const SPEECH = path.resolve(import.meta.dirname, '../../../../../fixtures/speech');

/** A spoken fixture as the browser's MediaRecorder makes an answer: WebM with Opus. */
const answer = (source: string) =>
  readFileSync(
    derived(`answer-stream-${source.replace(/\W/g, '-')}.webm`, (out) =>
      ffmpeg(['-i', path.join(SPEECH, source), '-c:a', 'libopus', out]),
    ),
  );

/** A second and a bit of speech: quick to recognise. */
const shortAnswer = () =>
  readFileSync(
    derived('answer-stream-short.webm', (out) =>
      ffmpeg(['-i', path.join(SPEECH, 'jfk.wav'), '-t', '1.5', '-c:a', 'libopus', out]),
    ),
  );

/** The answer cut into the pieces the page sends while it is spoken (about 0.5 s each). */
const slices = (audio: Buffer, n: number) => {
  const size = Math.ceil(audio.length / n);
  return Array.from({ length: n }, (_, i) => audio.subarray(i * size, (i + 1) * size));
};

/** What was said in the fixture, as its reference transcript gives it. */
const said = (source: string) =>
  readFileSync(path.join(SPEECH, source.replace(/\.\w+$/, '.txt')), 'utf8');

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z']+/)
    .filter(Boolean);

/** Shared words over the longer transcript's length (order aside). */
function overlap(a: string, b: string): number {
  const left = wordsOf(a);
  const right = wordsOf(b);
  const counts = new Map<string, number>();
  for (const w of right) counts.set(w, (counts.get(w) ?? 0) + 1);
  let shared = 0;
  for (const w of left) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      shared += 1;
      counts.set(w, n - 1);
    }
  }
  return shared / Math.max(left.length, right.length, 1);
}

const setup = {
  useResume: false,
  companyName: 'Google',
  jobRole: 'Software engineer',
  level: 'Medium',
  skills: ['Python'],
  jobDescription: '',
  settings: { questionCount: 3, thinkSeconds: 5, answerSeconds: 60, retakes: 2 },
};

function send(method: 'PUT' | 'POST', url: string, token: string, body: Buffer) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'audio/webm' },
    payload: body,
  });
}

async function started(token: string): Promise<string> {
  const interview = json<MockInterview>(
    await call(ctx, 'POST', '/b2c/mock-interview', { token, payload: setup }),
  );
  const base = `/b2c/mock-interview/${interview.id}`;
  await call(ctx, 'POST', `${base}/start`, { token });
  return base;
}

async function stream(base: string, token: string, question: number, parts: Buffer[], from = 0) {
  for (const [i, part] of parts.entries()) {
    const index = from + i;
    const res = await send(
      'PUT',
      `${base}/answer-audio?question=${question}&index=${index}`,
      token,
      part,
    );
    expect(res.statusCode).toBe(200);
    expect(json<MockAnswerAudioResult>(res)).toEqual({ streaming: true, nextIndex: index + 1 });
  }
}

const answerCall = async (base: string, token: string, question: number, body: Buffer) => {
  const res = await send('POST', `${base}/answer?question=${question}`, token, body);
  expect(res.statusCode).toBe(200);
  return json<MockAnswerResult>(res);
};

describe('an answer transcribed as it is spoken', () => {
  it('gives what transcribing the whole answer afterwards gives, from the streamed slices', async () => {
    const { accessToken: token } = await signIn(ctx, 'seeker@parley.local');
    const base = await started(token);
    // JFK is loud, the FLEURS clip quiet (its peak is below 0.01): the running gain levels it.
    for (const [question, source] of ['jfk.wav', 'fleurs-en-002.ogg'].entries()) {
      const audio = answer(source);
      const parts = slices(audio, 12);
      // The last slice comes with the answer call, as when the recorder stops.
      await stream(base, token, question, parts.slice(0, -1));
      const streamed = await answerCall(base, token, question, audio);
      // A retake of the same audio with nothing streamed is transcribed whole, after the fact.
      const whole = await answerCall(base, token, question, audio);
      expect(whole.words).toBeGreaterThan(5);
      // The offline engine is poor (55–85 % word error rate), so two recognitions of one answer
      // differ in places: they share most words, and each is about as close to what was said
      // (measured against the reference: JFK 0.57 streamed, 0.70 whole; FLEURS 0.58, 0.46).
      expect(overlap(streamed.transcript, whole.transcript)).toBeGreaterThanOrEqual(0.45);
      const reference = said(source);
      expect(overlap(streamed.transcript, reference)).toBeGreaterThanOrEqual(
        overlap(whole.transcript, reference) - 0.2,
      );
    }

    // Everything streamed and an empty answer call: the transcript is the stream's alone.
    const audio = answer('jfk.wav');
    await stream(base, token, 2, slices(audio, 8));
    const fromStream = await answerCall(base, token, 2, Buffer.alloc(0));
    expect(fromStream.words).toBeGreaterThan(5);
  }, 600_000);

  it('transcribes the whole answer when the audio is not what was streamed', async () => {
    const { accessToken: token } = await signIn(ctx, 'seeker@parley.local');
    const base = await started(token);
    const other = shortAnswer();
    const expected = await answerCall(base, token, 0, other);

    // Slices of one recording, then an answer call with another: the call's audio counts.
    await stream(base, token, 1, slices(answer('jfk.wav'), 6).slice(0, 3));
    const mismatched = await answerCall(base, token, 1, other);
    expect(mismatched.transcript).toBe(expected.transcript);

    // Slices streamed for one question do not stand in for another's answer.
    await stream(base, token, 2, slices(answer('jfk.wav'), 6).slice(0, 3));
    const elsewhere = await answerCall(base, token, 0, other);
    expect(elsewhere.transcript).toBe(expected.transcript);

    // A slice ahead of the next is refused; a slice sent again is taken once.
    const parts = slices(answer('jfk.wav'), 4);
    await stream(base, token, 2, parts.slice(0, 2));
    const ahead = await send('PUT', `${base}/answer-audio?question=2&index=3`, token, parts[3]!);
    expect(ahead.statusCode).toBe(409);
    expect(json<{ message: string }>(ahead).message).toBe(R.chunkOutOfOrder(2));
    const again = await send('PUT', `${base}/answer-audio?question=2&index=1`, token, parts[1]!);
    expect(json<MockAnswerAudioResult>(again)).toEqual({ streaming: true, nextIndex: 2 });
  }, 600_000);

  it('is the owner’s alone: another seeker cannot stream into the interview', async () => {
    const { accessToken: token } = await signIn(ctx, 'seeker@parley.local');
    const base = await started(token);
    const audio = answer('jfk.wav');
    const parts = slices(audio, 6);
    await stream(base, token, 0, parts.slice(0, 2));

    const intruder = await signUp(ctx, 'answer-streamer@example.com', {
      accountType: 'individual',
    });
    for (const index of [0, 2]) {
      const res = await send(
        'PUT',
        `${base}/answer-audio?question=0&index=${index}`,
        intruder.accessToken,
        shortAnswer(),
      );
      expect(res.statusCode).toBe(404);
      expect(json<{ message: string }>(res).message).toBe(M.mockInterviewNotFound);
    }
    // The owner's stream goes on where it was, untouched by the attempts.
    await stream(base, token, 0, parts.slice(2), 2);
    const mine = await answerCall(base, token, 0, audio);
    const whole = await answerCall(base, token, 0, audio);
    expect(overlap(mine.transcript, whole.transcript)).toBeGreaterThanOrEqual(0.45);
  }, 600_000);
});
