import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeAll, decodePcm, probeDuration, SAMPLE_RATE } from './decode.js';
import { fixture } from './test-fixtures.js';
import { encodeWav, peakNormalize } from './wav.js';

describe('decode', () => {
  it('gives 11.0 s of 16 kHz samples for jfk.wav', async () => {
    const pcm = await decodeAll(fixture('speech/jfk.wav'));
    expect(pcm.length / SAMPLE_RATE).toBeCloseTo(11, 1);
    expect(Math.abs(pcm.length / SAMPLE_RATE - 11)).toBeLessThanOrEqual(0.1);
    expect(pcm.reduce((m, v) => Math.max(m, Math.abs(v)), 0)).toBeGreaterThan(0.1);
    expect(await probeDuration(fixture('speech/jfk.wav'))).toBeCloseTo(11, 1);
  });

  it('streams frames of the requested size and decodes compressed audio (Opus 48 kHz)', async () => {
    const sizes: number[] = [];
    for await (const f of decodePcm(fixture('speech/fleurs-en-000.ogg'), { frameSamples: 4000 }))
      sizes.push(f.length);
    expect(sizes.slice(0, -1).every((n) => n === 4000)).toBe(true);
    const seconds = sizes.reduce((a, b) => a + b, 0) / SAMPLE_RATE;
    expect(seconds).toBeCloseTo(await probeDuration(fixture('speech/fleurs-en-000.ogg')), 1);
  });

  it('rejects a missing file and a video without sound', async () => {
    await expect(decodeAll('/nonexistent.wav')).rejects.toThrow(/file not found/);
    const silentVideo = join(mkdtempSync(join(tmpdir(), 'parley-decode-')), 'silent.mp4');
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x64:rate=5:duration=1',
      silentVideo,
    ]);
    await expect(decodeAll(silentVideo)).rejects.toThrow(/no audio/);
  });

  it('round-trips PCM through a WAV header and peak normalisation', async () => {
    const tone = Float32Array.from({ length: SAMPLE_RATE / 10 }, (_, i) => 0.01 * Math.sin(i / 5));
    const wav = encodeWav(peakNormalize(tone));
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.length).toBe(44 + tone.length * 2);
    expect(peakNormalize(tone).reduce((m, v) => Math.max(m, Math.abs(v)), 0)).toBeCloseTo(0.9, 2);
  });
});
