import { describe, expect, it } from 'vitest';
import { detectBeats, hrvFromBeats } from './beats.js';
import { estimatePhysiology } from './estimate.js';
import { physiologicalAverages } from './estimates.js';
import { patchTrace, RPPG_PATCHES } from '../test-rppg.js';
import { synthTrace } from './test-synthetic.js';
import type { PhysiologyResult } from './types.js';

// A 72 bpm pulse (83 beats a minute would do as well) under noise in four regions, 32 s.
const pulseTrace = (sec: number) => synthTrace({ sec, fps: 15, bpm: 72, amplitude: 0.8, noise: 1 });

describe('HRV, respiration and the labelled estimates', () => {
  it('are in physiological ranges on a 32 s pulse, flagged as short', () => {
    const result = estimatePhysiology({ fps: 15, samples: pulseTrace(32) });
    const { hrv, respiration } = result;
    console.log(JSON.stringify({ hrv, respiration, stress: result.stress.index }));
    // 72 bpm over 32 s is 38 beats.
    expect(hrv.beats).toBeGreaterThan(34);
    expect(hrv.beats).toBeLessThan(42);
    expect(hrv.sdnnMs).toBeGreaterThan(0);
    expect(hrv.sdnnMs).toBeLessThan(200);
    expect(hrv.quality).toBe('low');
    expect(hrv.reason).toMatch(/32 s of signal, HRV needs at least 60 s/);
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

  it('gives nothing that rests on the heart rate when the heart rate is null (old fixture)', async () => {
    const result = estimatePhysiology(await patchTrace(RPPG_PATCHES[0]));
    expect(result.heartRate.bpm).toBeNull();
    expect(result.hrv).toMatchObject({ sdnnMs: null, rmssdMs: null, beats: 0, quality: 'none' });
    expect(result.stress).toMatchObject({ level: null, index: null, estimate: true });
    expect(result.spo2.percent).toBeNull();
    expect(result.bloodPressure.systolic).toBeNull();
  });

  it('gives no heart rate or HRV for 6 s, and a low-quality HRV for 15 s', () => {
    const six = estimatePhysiology({ fps: 15, samples: pulseTrace(6) });
    expect(six.heartRate.bpm).toBeNull();
    expect(six.hrv).toMatchObject({ sdnnMs: null, rmssdMs: null, quality: 'none' });
    expect(six.stress).toMatchObject({ level: null, index: null, estimate: true });
    const fifteen = estimatePhysiology({ fps: 15, samples: pulseTrace(15) });
    expect(Math.abs(fifteen.heartRate.bpm! - 72)).toBeLessThan(2);
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
  expect(spo2.note).toMatch(/red and blue/); // the synthetic skin's blue is well lit
  expect(bloodPressure.systolic).toBeGreaterThan(bloodPressure.diastolic!);
  expect(bloodPressure.note).toMatch(/not measured/);
}
