import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PocketsphinxEngine } from './asr/pocketsphinx.js';
import { runSpeechStep, runTextStep } from './pipeline.js';
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
    // Speech-to-text reports per piece (one piece of ≤ 30 s here), then diarization runs.
    expect(progress.some((f) => f >= 0.89 && f < 1)).toBe(true);
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
