import { describe, expect, it } from 'vitest';
import { fixture } from '../test-fixtures.js';
import { estimatePhysiology } from './estimate.js';
import { autoMethod } from './pulse.js';
import { patchTrace, referenceBpm, RPPG_PATCHES } from '../test-rppg.js';
import { skinPatchTrace } from './trace.js';
import type { PulseMethod } from './types.js';

const METHODS: PulseMethod[] = ['pos', 'chrom', 'green'];

describe('heart rate on the rPPG fixtures (whole-frame skin patches, 15 fps, 32 s)', () => {
  it.each(RPPG_PATCHES)('%s: within 5 bpm of the pulse oximeter by default', async (patch) => {
    const trace = await patchTrace(patch);
    const reference = referenceBpm(patch);
    const byMethod = Object.fromEntries(
      METHODS.map((m) => [m, estimatePhysiology(trace, { method: m }).heartRate.bpm]),
    );
    // Measured on these recordings: POS 104.7 / 93.3, CHROM 83.3 / 97.1, GREEN 86.0 / 86.0.
    console.log(`${patch}: reference ${reference} bpm, measured ${JSON.stringify(byMethod)}`);

    // The skin is dark and the light dim: blue averages 2–4 of 255, so 'auto' uses GREEN.
    expect(autoMethod(trace.samples)).toBe('green');
    const result = estimatePhysiology(trace);
    expect(result.heartRate.method).toBe('green');
    expect(result.heartRate.bpm).toBeCloseTo(86.0, 0);
    expect(Math.abs(result.heartRate.bpm! - reference)).toBeLessThan(5);
    // The pulse is barely above the noise in this footage, and the result says so.
    expect(result.heartRate.quality).toBe('low');
    expect(result.heartRate.snrDb).toBeLessThan(0);
  });

  it('fills dropped frames (a face lost now and then) instead of reading a faster pulse', async () => {
    const trace = await patchTrace('india_video1_forehead.avi');
    // Every 7th frame missing, and a 1 s gap: 20% of the frames gone.
    const gappy = trace.samples.filter((s, i) => i % 7 !== 3 && (i < 150 || i >= 165));
    const result = estimatePhysiology({ fps: trace.fps, samples: gappy });
    expect(result.durationSec).toBeCloseTo(32, 0);
    expect(
      Math.abs(result.heartRate.bpm! - referenceBpm('india_video1_forehead.avi')),
    ).toBeLessThan(5);
  });

  it('gives a heart rate every 2 s over 10 s windows for the chart', async () => {
    const trace = await patchTrace('india_video1_leftcheek.avi');
    const series = estimatePhysiology(trace).heartRateSeries;
    // 32 s: windows starting at 0, 2, … 22 s, each labelled with its centre.
    expect(series.map((p) => p.t)).toEqual([5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27]);
    for (const p of series) {
      expect(p.bpm).toBeGreaterThanOrEqual(42);
      expect(p.bpm).toBeLessThanOrEqual(150);
    }
    // Windows are noisy on this footage, but most agree with the reference within 10 bpm.
    const near = series.filter(
      (p) => Math.abs(p.bpm! - referenceBpm('india_video1_leftcheek.avi')) < 10,
    );
    expect(near.length).toBeGreaterThanOrEqual(series.length / 2);
  });

  it('uses POS on a lit face and finds a resting heart rate there', async () => {
    // No reference for this clip: a smoke test of the 30 fps path with background in frame.
    const trace = await skinPatchTrace(fixture('video/talking-face.mp4'));
    expect(trace.fps).toBe(30);
    const result = estimatePhysiology(trace);
    expect(result.heartRate.method).toBe('pos');
    expect(result.heartRate.bpm).toBeGreaterThan(50);
    expect(result.heartRate.bpm).toBeLessThan(110);
  });

  it('gives no heart rate for a trace shorter than 5 s', async () => {
    const trace = await patchTrace('india_video1_forehead.avi');
    const short = estimatePhysiology({ fps: trace.fps, samples: trace.samples.slice(0, 60) });
    expect(short.heartRate).toMatchObject({ bpm: null, quality: 'none' });
    expect(short.hrv.quality).toBe('none');
    expect(short.heartRateSeries).toEqual([]);
    expect(() => estimatePhysiology({ fps: 0, samples: trace.samples })).toThrow(/frame rate/);
  });
});
