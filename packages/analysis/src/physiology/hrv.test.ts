import { describe, expect, it } from 'vitest';
import { detectBeats, hrvFromBeats } from './beats.js';
import { estimatePhysiology } from './estimate.js';
import { physiologicalAverages } from './estimates.js';
import { patchTrace, RPPG_PATCHES } from '../test-rppg.js';
import type { PhysiologyResult } from './types.js';

describe('HRV, respiration and the labelled estimates on the rPPG fixtures', () => {
  it.each(RPPG_PATCHES)('%s: values in physiological ranges, flagged as short', async (patch) => {
    const result = estimatePhysiology(await patchTrace(patch));
    const { hrv, respiration } = result;
    console.log(`${patch}: ${JSON.stringify({ hrv, respiration, stress: result.stress.index })}`);
    // 85 bpm over 32 s is 46 beats.
    expect(hrv.beats).toBeGreaterThan(40);
    expect(hrv.beats).toBeLessThan(52);
    expect(hrv.sdnnMs).toBeGreaterThan(10);
    expect(hrv.sdnnMs).toBeLessThan(200);
    expect(hrv.rmssdMs).toBeGreaterThan(5);
    expect(hrv.rmssdMs).toBeLessThan(250);
    expect(hrv.quality).toBe('low');
    expect(hrv.reason).toMatch(/32 s of signal, HRV needs at least 60 s/);
    expect(respiration.breathsPerMinute).toBeGreaterThanOrEqual(6);
    expect(respiration.breathsPerMinute).toBeLessThanOrEqual(30);
    expect(respiration.quality).toBe('low');
    expectLabelledEstimates(result);
    expect(physiologicalAverages(result)).toEqual({
      Heart_Rate: result.heartRate.bpm,
      HRV_SDNN: hrv.sdnnMs,
      Systolic_BP: result.bloodPressure.systolic,
      Diastolic_BP: result.bloodPressure.diastolic,
      Blood_Oxygen: result.spo2.percent,
      Respiration: respiration.breathsPerMinute,
      Stress_Level: result.stress.index,
    });
  });

  it('gives no HRV or respiration for 6 s, and a low-quality HRV for 15 s', async () => {
    const { fps, samples } = await patchTrace('india_video1_leftcheek.avi');
    const six = estimatePhysiology({ fps, samples: samples.slice(0, 6 * fps) });
    expect(six.heartRate.bpm).not.toBeNull();
    expect(six.hrv).toMatchObject({ sdnnMs: null, rmssdMs: null, quality: 'none' });
    expect(six.respiration).toEqual({ breathsPerMinute: null, source: null, quality: 'none' });
    expect(six.stress).toMatchObject({ level: null, index: null, estimate: true });
    const fifteen = estimatePhysiology({ fps, samples: samples.slice(0, 15 * fps) });
    expect(fifteen.hrv.quality).toBe('low');
    expect(fifteen.hrv.reason).toMatch(/15 s of signal/);
  });

  it('recovers SDNN and RMSSD of a known beat train with sub-frame timing at 15 fps', () => {
    // Beats with a breathing-like swing of the interval (800 ± 60 ms), drawn as a pulse wave.
    const fps = 15;
    const beats: number[] = [0.5];
    while (beats.length < 90)
      beats.push(beats.at(-1)! + 0.8 + 0.06 * Math.sin((2 * Math.PI * beats.length) / 5));
    const pulse = new Float64Array(Math.ceil((beats.at(-1)! + 1) * fps));
    for (let i = 0; i < pulse.length; i++)
      for (const b of beats) pulse[i] = pulse[i]! + Math.exp(-(((i / fps - b) / 0.12) ** 2));
    const found = detectBeats(pulse, fps, 1 / 0.8);
    expect(found.length).toBe(beats.length);
    const hrv = hrvFromBeats(found, pulse.length / fps, 'good');
    const truth = hrvFromBeats(beats, pulse.length / fps, 'good');
    expect(truth.quality).toBe('good');
    expect(Math.abs(hrv.sdnnMs! - truth.sdnnMs!)).toBeLessThan(5);
    expect(Math.abs(hrv.rmssdMs! - truth.rmssdMs!)).toBeLessThan(10);
  });
});

function expectLabelledEstimates(result: PhysiologyResult): void {
  const { stress, spo2, bloodPressure } = result;
  for (const e of [stress, spo2, bloodPressure]) {
    expect(e.estimate).toBe(true);
    expect(e.note).toMatch(/not clinically validated/);
  }
  expect(stress.index).toBeGreaterThanOrEqual(0);
  expect(stress.index).toBeLessThanOrEqual(100);
  expect(['low', 'medium', 'high']).toContain(stress.level);
  expect(stress.basis).toMatch(/RMSSD/);
  expect(stress.quality).toBe(result.hrv.quality);
  expect(spo2.percent).toBeGreaterThanOrEqual(70);
  expect(spo2.percent).toBeLessThanOrEqual(100);
  expect(spo2.note).toMatch(/red and green/); // blue is too dark on these patches
  expect(bloodPressure.systolic).toBeGreaterThan(bloodPressure.diastolic!);
  expect(bloodPressure.note).toMatch(/not measured/);
}
