import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PocketsphinxEngine } from '../asr/pocketsphinx.js';
import { openPocketsphinxLive } from '../asr/pocketsphinx-live.js';
import { decodeAll, SAMPLE_RATE } from '../decode.js';
import { fixture } from '../test-fixtures.js';
import { createSpeechScorer, detectSpeech } from '../vad.js';
import { wordErrorRate } from '../wer.js';
import { LiveTranscriber, type LiveUtterance } from './transcriber.js';

const engine = new PocketsphinxEngine();

/** Streams the samples in `chunkSec` pieces, as a call would deliver them, and closes. */
async function stream(
  pcm: Float32Array,
  opts: {
    chunkSec?: number;
    startSec?: number;
    pauseSec?: number;
    maxWindowSec?: number;
    /** One streaming pocketsphinx process for the stream instead of one per window. */
    streaming?: boolean;
    /** Pushes at the speed the audio was spoken. */
    realTime?: boolean;
  } = {},
): Promise<LiveUtterance[]> {
  const got: LiveUtterance[] = [];
  const t = new LiveTranscriber({
    speakerId: 'sp1',
    ...(opts.streaming ? { decoder: openPocketsphinxLive() } : { engine }),
    scoreFrame: await createSpeechScorer(),
    startSec: opts.startSec,
    pauseSec: opts.pauseSec,
    maxWindowSec: opts.maxWindowSec,
    onSegment: (u) => got.push(u),
    onError: (err) => {
      throw err;
    },
  });
  const step = Math.round((opts.chunkSec ?? 0.1) * SAMPLE_RATE);
  for (let i = 0; i < pcm.length; i += step) {
    t.push(pcm.subarray(i, i + step));
    // Let scoring and the engine run between chunks, as they do between packets of a call.
    if (opts.realTime) await new Promise((r) => setTimeout(r, (step / SAMPLE_RATE) * 1000));
    else if ((i / step) % 10 === 0) await new Promise((r) => setTimeout(r, 5));
  }
  await t.close();
  return got;
}

// JFK and its offline transcript, which both engines' live runs are compared with.
let jfk: Float32Array;
let offline: string;
beforeAll(async () => {
  jfk = await decodeAll(fixture('speech/jfk.wav'));
  const { words } = await engine.transcribe(jfk, { speech: await detectSpeech(jfk) });
  offline = words.map((w) => w.word).join(' ');
}, 180_000);

const finalText = (us: LiveUtterance[]) =>
  us
    .filter((u) => u.isFinal)
    .map((u) => u.text)
    .join(' ');

describe('live transcriber (pocketsphinx, Silero endpointing)', { timeout: 180_000 }, () => {
  // JFK streamed in 100 ms chunks as a speaker whose audio starts 100 s into the call. Windows
  // follow the audio, not the call clock, so the first two tests read one run: one for what the
  // finals say, the other for their times.
  let onCallClock: Promise<LiveUtterance[]> | undefined;
  const jfkAt100 = () => (onCallClock ??= stream(jfk, { startSec: 100 }));

  it('streamed in 100 ms chunks, its finals say what the offline transcript of the same audio says', async () => {
    const got = await jfkAt100();
    const live = finalText(got);
    const reference = readFileSync(fixture('speech/jfk.txt'), 'utf8');
    const vsOffline = wordErrorRate(offline, live);
    console.log(
      `live vs offline WER ${vsOffline.toFixed(3)}; live vs reference ${wordErrorRate(reference, live).toFixed(3)}, offline vs reference ${wordErrorRate(reference, offline).toFixed(3)}\n live: ${live}\n offl: ${offline}`,
    );
    // Measured 0.33 on JFK (the offline run reads the whole clip as one piece; the live one
    // cuts where the speaker pauses, and pocketsphinx reads a window differently with less
    // audio before it).
    expect(vsOffline).toBeLessThanOrEqual(0.4);
    // No worse against the true words than the offline run, give or take a few words.
    expect(wordErrorRate(reference, live)).toBeLessThanOrEqual(
      wordErrorRate(reference, offline) + 0.15,
    );
    // Each utterance is final once, in time order.
    const finals = got.filter((u) => u.isFinal);
    expect(finals.length).toBeGreaterThanOrEqual(1);
    expect(new Set(finals.map((u) => u.id)).size).toBe(finals.length);
    const starts = finals.map((u) => u.start);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('words carry times on the call clock, inside their utterance', async () => {
    const got = await jfkAt100();
    const finals = got.filter((u) => u.isFinal && u.words.length > 0);
    expect(finals.length).toBeGreaterThan(0);
    for (const u of finals) {
      expect(u.start).toBeGreaterThanOrEqual(100);
      expect(u.end).toBeLessThanOrEqual(100 + jfk.length / SAMPLE_RATE + 0.01);
      for (const w of u.words) {
        expect(w.start).toBeGreaterThanOrEqual(u.start - 0.01);
        expect(w.end).toBeLessThanOrEqual(u.end + 0.3);
      }
    }
    // "ask not what your country can do for you": the first words are at about 100.3–102 s.
    const first = finals[0]!.words[0]!;
    expect(first.start).toBeGreaterThan(100);
    expect(first.start).toBeLessThan(102);
  });

  it('sends interim results while an utterance grows, each replaced by a final of the same id', async () => {
    // A long window (no cut at JFK's short pauses) so the first utterance grows for seconds.
    const got = await stream(jfk, { pauseSec: 2, chunkSec: 0.2 });
    const interims = got.filter((u) => !u.isFinal);
    expect(interims.length).toBeGreaterThan(0);
    const finalIds = new Set(got.filter((u) => u.isFinal).map((u) => u.id));
    for (const u of interims) expect(finalIds.has(u.id)).toBe(true);
    // An interim comes before its final.
    for (const u of interims) {
      const fi = got.findIndex((g) => g.isFinal && g.id === u.id);
      expect(got.indexOf(u)).toBeLessThan(fi);
    }
  });

  it('cuts a window that grows past maxWindowSec and still transcribes all of it', async () => {
    const got = await stream(jfk, { pauseSec: 5, maxWindowSec: 4 });
    const finals = got.filter((u) => u.isFinal);
    expect(finals.length).toBeGreaterThanOrEqual(2);
    for (const u of finals) expect(u.end - u.start).toBeLessThanOrEqual(4.1);
    // Short windows read worse (see pauseSec), but every part of the speech is read.
    const words = finalText(got).split(' ').length;
    expect(words).toBeGreaterThanOrEqual(0.6 * offline.split(' ').length);
  });

  it('a short pause setting cuts JFK at his pauses into several utterances', async () => {
    const finals = (await stream(jfk, { pauseSec: 0.5 })).filter((u) => u.isFinal);
    expect(finals.length).toBeGreaterThanOrEqual(3);
    // Silero finds the pauses near 2.2–3.3 s and 4.4–5.4 s (the offline VAD's segments).
    expect(finals[1]!.start).toBeGreaterThan(2.2);
    expect(finals[1]!.start).toBeLessThan(3.4);
  });

  it('hears a quiet speaker after a loud one (the VAD state is reset when an utterance ends)', async () => {
    // JFK's first 6 s (loud speech), 1.5 s of silence, then FLEURS clip 000, recorded about
    // 25 times quieter. The streaming test below cuts JFK the same way.
    const loud = jfk.subarray(0, 6 * SAMPLE_RATE);
    const quiet = await decodeAll(fixture('speech/fleurs-en-000.ogg'));
    const gap = 1.5 * SAMPLE_RATE;
    const both = new Float32Array(loud.length + gap + quiet.length);
    both.set(loud);
    both.set(quiet, loud.length + gap);
    const finals = (await stream(both, { chunkSec: 0.5 })).filter((u) => u.isFinal);
    const later = finals.filter((u) => u.start > loud.length / SAMPLE_RATE);
    expect(later.length).toBeGreaterThan(0);
    const words = later.flatMap((u) => u.words);
    expect(words.length).toBeGreaterThan(5);
  });

  it('silence gives no segments', async () => {
    const got = await stream(new Float32Array(SAMPLE_RATE * 3));
    expect(got).toEqual([]);
  });
});

describe('live transcriber on one streaming pocketsphinx per speaker', { timeout: 180_000 }, () => {
  it('finals on the call clock, in order, close to the offline transcript; interims come first under the same id', async () => {
    // Packets at the speed of speech, so the decoder finishes stretches while the utterance
    // grows. Not faster: on a loaded machine the decoder already falls behind (no interims).
    const got = await stream(jfk, {
      streaming: true,
      realTime: true,
      startSec: 100,
      pauseSec: 2,
      chunkSec: 0.2,
    });
    const finals = got.filter((u) => u.isFinal);
    const live = finalText(got);
    const vsOffline = wordErrorRate(offline, live);
    const reference = readFileSync(fixture('speech/jfk.txt'), 'utf8');
    console.log(
      `streaming: live vs offline WER ${vsOffline.toFixed(3)}; vs reference ${wordErrorRate(reference, live).toFixed(3)}, offline vs reference ${wordErrorRate(reference, offline).toFixed(3)}\n live: ${live}`,
    );
    expect(finals.length).toBeGreaterThanOrEqual(1);
    expect(wordErrorRate(reference, live)).toBeLessThanOrEqual(
      wordErrorRate(reference, offline) + 0.15,
    );
    expect(new Set(finals.map((u) => u.id)).size).toBe(finals.length);
    for (const u of finals) {
      expect(u.start).toBeGreaterThanOrEqual(100);
      for (const w of u.words) {
        expect(w.start).toBeGreaterThanOrEqual(u.start - 0.01);
        expect(w.end).toBeLessThanOrEqual(u.end + 0.6);
      }
    }
    expect(finals[0]!.words[0]!.start).toBeLessThan(102);
    const interims = got.filter((u) => !u.isFinal);
    expect(interims.length).toBeGreaterThan(0);
    for (const u of interims) {
      const fi = got.findIndex((g) => g.isFinal && g.id === u.id);
      expect(fi).toBeGreaterThan(got.indexOf(u));
      // An interim is a beginning of its final: the decoder's finished stretches are kept.
      expect(got[fi]!.text.startsWith(u.text)).toBe(true);
    }
  });

  it('a window cut at maxWindowSec and the quiet speaker after a loud one are still read', async () => {
    // JFK's first 6 s, 1.5 s of silence, then FLEURS clip 000, recorded about 25 times quieter.
    const loud = jfk.subarray(0, 6 * SAMPLE_RATE);
    const quiet = await decodeAll(fixture('speech/fleurs-en-000.ogg'));
    const gap = 1.5 * SAMPLE_RATE;
    const both = new Float32Array(loud.length + gap + quiet.length);
    both.set(loud);
    both.set(quiet, loud.length + gap);
    const finals = (
      await stream(both, { streaming: true, chunkSec: 0.5, pauseSec: 5, maxWindowSec: 3 })
    ).filter((u) => u.isFinal);
    const first = finals.filter((u) => u.start < 6);
    expect(first.length).toBeGreaterThanOrEqual(2);
    for (const u of finals) expect(u.end - u.start).toBeLessThanOrEqual(3.1);
    expect(first.flatMap((u) => u.words).length).toBeGreaterThanOrEqual(5);
    const later = finals.filter((u) => u.start > 6);
    expect(later.flatMap((u) => u.words).length).toBeGreaterThan(5);
  });

  it('silence gives no segments and the process ends with the stream', async () => {
    const got = await stream(new Float32Array(SAMPLE_RATE * 3), { streaming: true });
    expect(got).toEqual([]);
  });
});
