import { describe, expect, it } from 'vitest';
import { bandpass, detrendLinear } from './filter.js';
import { greenPulse, PULSE_BAND } from './pulse.js';
import { dominantPeak, fft, harmonicPeak, pulseSnrDb, welch, type Spectrum } from './spectrum.js';
import { patchTrace } from '../test-rppg.js';

const bandPower = (s: Spectrum, lowHz: number, highHz: number) => {
  let p = 0;
  for (let k = 0; k < s.power.length; k++) {
    const f = k * s.binHz;
    if (f >= lowHz && f <= highHz) p += s.power[k]!;
  }
  return p;
};
const db = (ratio: number) => 10 * Math.log10(ratio);

describe('filters and spectra on the forehead patch (real signal)', () => {
  it('FFT agrees with a direct DFT of the green trace', async () => {
    const green = (await patchTrace('india_video1_forehead.avi')).samples.map((s) => s.g);
    const n = 256;
    const re = Float64Array.from(green.slice(0, n));
    const im = new Float64Array(n);
    fft(re, im);
    for (const k of [0, 1, 17, 45, 128]) {
      let dr = 0;
      let di = 0;
      for (let t = 0; t < n; t++) {
        dr += green[t]! * Math.cos((-2 * Math.PI * k * t) / n);
        di += green[t]! * Math.sin((-2 * Math.PI * k * t) / n);
      }
      expect(re[k]).toBeCloseTo(dr, 6);
      expect(im[k]).toBeCloseTo(di, 6);
    }
  });

  it('the band-pass keeps 0.7–4 Hz and removes the drift and the band edges', async () => {
    const { fps, samples } = await patchTrace('india_video1_forehead.avi');
    const green = Float64Array.from(samples, (s) => s.g);
    const filtered = bandpass(green, fps, PULSE_BAND.lowHz, PULSE_BAND.highHz);
    const before = welch(detrendLinear(green), fps, 150, 15);
    const after = welch(filtered, fps, 150, 15);
    // Inside the band (1–3.5 Hz, clear of the roll-off) the power is kept within 1.5 dB...
    expect(Math.abs(db(bandPower(after, 1, 3.5) / bandPower(before, 1, 3.5)))).toBeLessThan(1.5);
    // ...below 0.3 Hz and above 6 Hz it drops by more than 20 dB (4th order, both ways).
    expect(db(bandPower(after, 0.05, 0.3) / bandPower(before, 0.05, 0.3))).toBeLessThan(-20);
    expect(db(bandPower(after, 6, 7.5) / bandPower(before, 6, 7.5))).toBeLessThan(-20);
    // Zero phase: the filtered signal is not shifted against the original's band content.
    let best = 0;
    let bestLag = 99;
    const reference = bandpass(green, fps, 1, 3.5);
    for (let lag = -3; lag <= 3; lag++) {
      let c = 0;
      for (let i = 10; i < green.length - 10; i++) c += filtered[i]! * reference[i + lag]!;
      if (c > best) [best, bestLag] = [c, lag];
    }
    expect(bestLag).toBe(0);
  });

  it("reads the heart rate at the fundamental where the plain maximum is the pulse's harmonic", async () => {
    const { fps, samples } = await patchTrace('india_video1_forehead.avi');
    const spectrum = welch(greenPulse(samples, fps), fps, 150, 15);
    // The strongest peak of this footage sits at twice the heart rate (85.4 bpm reference).
    const plain = dominantPeak(spectrum, PULSE_BAND.lowHz, PULSE_BAND.highHz)!;
    expect(plain.hz * 60).toBeGreaterThan(165);
    expect(plain.hz * 60).toBeLessThan(178);
    const fundamental = harmonicPeak(spectrum, PULSE_BAND.lowHz, 2.5)!;
    expect(fundamental * 60).toBeCloseTo(86, 0);
    expect(Math.abs(fundamental * 2 - plain.hz)).toBeLessThan(0.05);
    const snr = pulseSnrDb(spectrum, fundamental, PULSE_BAND.lowHz, PULSE_BAND.highHz);
    expect(snr).toBeGreaterThan(-10);
    expect(snr).toBeLessThan(0);
  });

  it('does not halve a fast pulse whose half has only noise', () => {
    // Synthetic on purpose: the fixtures have no fast heart; 130 bpm with a harmonic, in noise.
    const fps = 30;
    let seed = 7;
    const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.6;
    const x = Float64Array.from({ length: 30 * fps }, (_, i) => {
      const phase = (2 * Math.PI * 130 * i) / 60 / fps;
      return Math.sin(phase) + 0.5 * Math.sin(2 * phase + 1) + noise();
    });
    const spectrum = welch(bandpass(x, fps, 0.7, 4), fps, 300, 30);
    expect(harmonicPeak(spectrum, 0.7, 2.5)! * 60).toBeCloseTo(130, 0);
  });
});
