import { describe, expect, it } from 'vitest';
import { fixture } from '../test-fixtures.js';
import { patchTrace, referencePatches } from '../test-rppg.js';
import { estimatePhysiology } from './estimate.js';
import { analyzePhysiologyFile } from './file.js';
import { estimateHeartRate, MIN_AGREEMENT } from './heart-rate.js';
import { synthTrace } from './test-synthetic.js';
import { skinPatchTrace } from './trace.js';

describe('heart rate on the 17 skin patches with a contact reference (5 + 1 people)', () => {
  it('answers no number where the pulse is not above the noise, always with the reason', async () => {
    const patches = referencePatches();
    const rows = [];
    for (const p of patches) {
      const hr = (await analyzePhysiologyFile(fixture(p.file), { skinPatch: true })).heartRate;
      rows.push({ ...p, hr });
    }
    const mean = patches.reduce((s, p) => s + p.bpm, 0) / patches.length;
    const answered = rows.filter((r) => r.hr.bpm !== null);
    const mae = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
    console.log(
      rows
        .map(
          (r) =>
            `${r.file}: ${r.bpm} → ${r.hr.bpm ?? `null (${r.hr.reason})`} q${r.hr.qualityIndex}`,
        )
        .join('\n'),
    );
    // Measured: on these compressed, moving patches the pulse's power at the rate and its
    // harmonic stays within 1–2.5 dB of white noise and the windows seldom agree on a rate
    // (quality index 0.23–0.79; the one above 0.75 fails the SNR test), so no patch gets a
    // number (bench/heart-rate.bench.mjs prints the table).
    expect(answered.length).toBe(0);
    for (const r of rows) {
      if (r.hr.bpm === null) {
        expect(r.hr.reason).toMatch(/^insufficient signal: /);
        expect(r.hr.quality).toBe('none');
      }
    }
    // Whatever it answers must beat answering the group's mean rate on the same patches.
    if (answered.length > 0) {
      const errors = answered.map((r) => Math.abs(r.hr.bpm! - r.bpm));
      expect(mae(errors)).toBeLessThanOrEqual(5);
      expect(mae(errors)).toBeLessThan(mae(answered.map((r) => Math.abs(r.bpm - mean))));
    }
  }, 300_000);
});

describe('heart rate from a trace with a known pulse', () => {
  const pulse = (bpm: number, extra: Partial<Parameters<typeof synthTrace>[0]> = {}) =>
    synthTrace({ sec: 30, fps: 15, bpm, amplitude: 0.6, noise: 1, ...extra });

  it.each([48, 72, 96, 130])(
    'reads %i bpm under per-region noise 1.7 times the pulse and light drift',
    (bpm) => {
      const hr = estimateHeartRate(pulse(bpm), 15);
      expect(hr.bpm).not.toBeNull();
      expect(Math.abs(hr.bpm! - bpm)).toBeLessThan(2);
      expect(hr.reason).toBeNull();
      expect(hr.qualityIndex).toBeGreaterThanOrEqual(MIN_AGREEMENT);
      expect(hr.regions).toBe(4);
    },
  );

  it('finds the pulse in the one region that carries it (regions fused by their SNR)', () => {
    const oneOfFour = synthTrace({
      sec: 30,
      fps: 15,
      bpm: 80,
      amplitude: 0.8,
      noise: 1,
      pulsingRegions: 1,
    });
    const fused = estimateHeartRate(oneOfFour, 15);
    expect(Math.abs(fused.bpm! - 80)).toBeLessThan(2);
    // The same frames averaged into one region dilute the pulse with three regions of noise.
    const whole = estimateHeartRate(
      oneOfFour.map(({ t, r, g, b }) => ({ t, r, g, b })),
      15,
    );
    console.log(
      `one pulsing region of four: fused SNR ${fused.snrDb} dB, averaged ${whole.snrDb} dB`,
    );
    expect(fused.snrDb).toBeGreaterThan(whole.snrDb + 1);
  });

  it('fills dropped frames (a face lost now and then) instead of reading a faster pulse', () => {
    const full = pulse(72);
    // Every 7th frame missing, and a 1 s gap: 20% of the frames gone.
    const gappy = full.filter((_, i) => i % 7 !== 3 && (i < 150 || i >= 165));
    const result = estimatePhysiology({ fps: 15, samples: gappy });
    expect(result.durationSec).toBeCloseTo(30, 0);
    expect(Math.abs(result.heartRate.bpm! - 72)).toBeLessThan(2);
  });

  it('charts the tracked rate every 2 s over 10 s windows', () => {
    const series = estimatePhysiology({ fps: 15, samples: pulse(66) }).heartRateSeries;
    expect(series.map((p) => p.t)).toEqual([5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25]);
    for (const p of series) expect(Math.abs(p.bpm! - 66)).toBeLessThan(4);
  });
});

describe('heart rate without a pulse: null with the reason', () => {
  it('a noise-only trace gets no number', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const noise = synthTrace({ sec: 40, fps: 15, bpm: null, amplitude: 0, noise: 1, seed });
      const hr = estimatePhysiology({ fps: 15, samples: noise }).heartRate;
      expect(hr).toMatchObject({ bpm: null, quality: 'none' });
      expect(hr.reason).toMatch(/^insufficient signal: /);
    }
  });

  it('a pulse weaker than a fifth of the noise gets no number rather than a wrong one', () => {
    const faint = synthTrace({ sec: 30, fps: 15, bpm: 75, amplitude: 0.1, noise: 1 });
    expect(estimateHeartRate(faint, 15).bpm).toBeNull();
  });

  it('a still image (no colour change at all) says so', () => {
    const still = Array.from({ length: 450 }, (_, i) => ({ t: i / 15, r: 150, g: 100, b: 80 }));
    const hr = estimatePhysiology({ fps: 15, samples: still }).heartRate;
    expect(hr.bpm).toBeNull();
    expect(hr.reason).toMatch(/does not change/);
  });

  it('a trace shorter than three windows (14 s) gets no number', async () => {
    const trace = await patchTrace('india_video1_forehead.avi');
    const short = estimatePhysiology({ fps: trace.fps, samples: trace.samples.slice(0, 150) });
    expect(short.heartRate).toMatchObject({ bpm: null, quality: 'none' });
    expect(short.heartRate.reason).toMatch(/only 10 s of skin trace; at least 14 s/);
    expect(short.hrv.quality).toBe('none');
    expect(short.heartRateSeries).toEqual([]);
    expect(() => estimatePhysiology({ fps: 0, samples: trace.samples })).toThrow(/frame rate/);
  });
});

describe('a lit face at 30 fps (talking-face.mp4, no reference)', () => {
  it('splits the frame into four regions and picks the method by quality', async () => {
    const trace = await skinPatchTrace(fixture('video/talking-face.mp4'));
    expect(trace.fps).toBe(30);
    expect(trace.samples[0]!.regions).toHaveLength(4);
    const hr = estimatePhysiology(trace).heartRate;
    // Measured: POS, 61.5 bpm, quality index 0.75 (just at the threshold), SNR -4.2 dB.
    console.log('talking face', hr);
    expect(hr.method).toBe('pos');
    expect(hr.bpm).toBeCloseTo(61.5, 0);
    expect(hr.quality).toBe('low');
  }, 60_000);
});
