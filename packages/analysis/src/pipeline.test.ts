import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PocketsphinxEngine } from './asr/pocketsphinx.js';
import type { AsrEngine } from './asr/types.js';
import { ffmpegPath } from './decode.js';
import { runSpeechStep, runTextStep, type PartialSpeech } from './pipeline.js';
import { fixture } from './test-fixtures.js';
import { wordErrorRate } from './wer.js';

describe('speech step (streamed decode, VAD, ASR from disk, diarization)', () => {
  const engine = new PocketsphinxEngine();

  it('diarizes two-speakers.wav and reports progress from 0 to 1', async () => {
    const progress: number[] = [];
    const result = await runSpeechStep(fixture('diarization/two-speakers.wav'), {
      engine,
      onProgress: (f) => progress.push(f),
    });
    expect(result.speakerCount).toEqual({ value: 2, source: 'estimated' });
    expect(new Set(result.turns.map((t) => t.speaker))).toEqual(
      new Set(['speaker_00', 'speaker_01']),
    );
    expect(result.durationSec).toBeCloseTo(30, 0);
    // The bar moves through decoding and speech-to-text, never backwards, and ends full.
    expect(progress[0]).toBe(0);
    expect(progress[progress.length - 1]).toBe(1);
    expect(progress.length).toBeGreaterThan(10);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.some((f) => f > 0.05 && f < 0.25)).toBe(true); // during decode
    // Diarization runs between decoding and speech-to-text (one piece of ≤ 30 s here), so the
    // first words can be published with their speakers.
    expect(progress.some((f) => f > 0.25 && f < 0.4)).toBe(true);
    expect(result.words.length).toBeGreaterThan(20);
    for (const w of result.words) {
      expect(['speaker_00', 'speaker_01']).toContain(w.speaker);
      expect(w.confidence).toBeGreaterThanOrEqual(0);
      expect(w.confidence).toBeLessThanOrEqual(1);
    }
    const analytics = runTextStep({ ...result, audioLengthSec: result.durationSec });
    expect(Object.keys(analytics.talkTimeSec).sort()).toEqual(['speaker_00', 'speaker_01']);
    expect(analytics.interactivity.speakerSwitches).toBeGreaterThan(0);
    expect(Object.keys(analytics.questionsPerSpeaker).sort()).toEqual(['speaker_00', 'speaker_01']);
  }, 120_000); // 30 s of pocketsphinx in one piece, slow on a busy 2-core machine

  it('keeps the word error rate of the engine on jfk.wav and takes the participants count', async () => {
    const result = await runSpeechStep(fixture('speech/jfk.wav'), { engine, speakers: 1 });
    const wer = wordErrorRate(
      readFileSync(fixture('speech/jfk.txt'), 'utf8'),
      result.words.map((w) => w.word).join(' '),
    );
    console.log(`pocketsphinx WER on jfk.wav through runSpeechStep: ${wer.toFixed(3)}`);
    expect(wer).toBeLessThanOrEqual(0.6); // the engine's own limit in asr.test.ts
    expect(result.speakerCount).toEqual({ value: 1, source: 'participants' });
    expect(result.words.every((w) => w.speaker === 'speaker_00')).toBe(true);
  }, 120_000);

  it('refuses a missing file', async () => {
    await expect(runSpeechStep('/nonexistent.wav', { engine })).rejects.toThrow(/file not found/);
  });
});

describe('speech step published in pieces', () => {
  /**
   * An engine that answers one word per speech segment it is given, where the segment is: the
   * batching and publishing are what is tested here, not recognition (asr.test.ts does that).
   */
  const segmentsEngine: AsrEngine = {
    name: 'segments',
    model: 'test',
    quality: 'one word per speech segment',
    async transcribe(input, opts) {
      const length = typeof input === 'string' ? 0 : input.length / 16000;
      return {
        words: (opts?.speech ?? [{ start: 0, end: length }]).map((s) => ({
          word: 'speech',
          start: s.start,
          end: s.end,
          confidence: 1,
        })),
      };
    },
  };

  it('hands over the start of the transcript, with speakers, before the rest is done', async () => {
    // two-speakers.wav three times: 90 s, more than the first batch (30 s) and the next (120 s).
    const file = join(mkdtempSync(join(tmpdir(), 'parley-pieces-')), 'three.wav');
    const src = fixture('diarization/two-speakers.wav');
    execFileSync(ffmpegPath(), [
      ...['-v', 'error', '-y', '-i', src, '-i', src, '-i', src],
      ...['-filter_complex', 'concat=n=3:v=0:a=1', file],
    ]);
    const partials: PartialSpeech[] = [];
    const result = await runSpeechStep(file, {
      engine: segmentsEngine,
      onPartial: (p) => {
        partials.push(p);
      },
    });
    expect(result.durationSec).toBeCloseTo(90, 0);
    expect(partials.length).toBe(1);
    const [first] = partials;
    // The first batch is at most 30 s of recording, and its words are final ones.
    expect(first!.transcribedSec).toBeLessThanOrEqual(31);
    expect(first!.words.length).toBeGreaterThan(0);
    expect(first!.words.length).toBeLessThan(result.words.length);
    expect(first!.words).toEqual(result.words.slice(0, first!.words.length));
    for (const w of first!.words) expect(w.end).toBeLessThanOrEqual(first!.transcribedSec + 0.5);
    // Speakers are known for the first lines already, and are the whole recording's.
    expect(first!.turns).toEqual(result.turns);
    expect(first!.speakerCount).toEqual(result.speakerCount);
  }, 120_000);
});
