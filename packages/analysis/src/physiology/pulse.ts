/** Pulse (blood volume) waveform from a skin colour trace: POS, CHROM and GREEN. */
import { bandpass, mean, std } from './filter.js';
import type { PulseMethod, RgbSample } from './types.js';

/** The pulse band: 42–240 bpm. */
export const PULSE_BAND = { lowHz: 0.7, highHz: 4 } as const;
/** Sliding window of POS and CHROM, as in both papers (32 frames at 20 fps). */
const WINDOW_SEC = 1.6;
/**
 * Below this mean blue level (of 255) the blue channel is mostly compression and quantisation
 * noise (an 8-bit channel a few levels above black). Only the SpO2 estimate uses it, to pick
 * its reference channel; the pulse method is chosen by measured quality (heart-rate.ts).
 */
export const DARK_BLUE_LEVEL = 10;

const windowFrames = (fps: number) => Math.max(4, Math.round(WINDOW_SEC * fps));

/**
 * POS, "Plane-Orthogonal-to-Skin" (Wang, den Brinker, Stuijk, de Haan, IEEE TBME 2017,
 * Algorithm 1): in each window the colour is divided by its temporal mean, projected on the
 * plane orthogonal to the skin tone, P = [[0, 1, -1], [-2, 1, 1]], the two projections are
 * combined with alpha tuning, h = S1 + (σ(S1)/σ(S2))·S2, and the zero-mean h is overlap-added.
 */
export function posPulse(samples: readonly RgbSample[], fps: number): Float64Array {
  const n = samples.length;
  const l = windowFrames(fps);
  const out = new Float64Array(n);
  const s1 = new Float64Array(l);
  const s2 = new Float64Array(l);
  for (let m = 0; m + l <= n; m++) {
    let mr = 0;
    let mg = 0;
    let mb = 0;
    for (let i = m; i < m + l; i++) {
      mr += samples[i]!.r;
      mg += samples[i]!.g;
      mb += samples[i]!.b;
    }
    if (mr <= 0 || mg <= 0 || mb <= 0) continue; // a black window carries no colour
    [mr, mg, mb] = [mr / l, mg / l, mb / l];
    for (let i = 0; i < l; i++) {
      const c = samples[m + i]!;
      const r = c.r / mr;
      const g = c.g / mg;
      const b = c.b / mb;
      s1[i] = g - b;
      s2[i] = -2 * r + g + b;
    }
    const sd2 = std(s2);
    const alpha = sd2 > 0 ? std(s1) / sd2 : 0;
    let hMean = 0;
    for (let i = 0; i < l; i++) hMean += s1[i]! + alpha * s2[i]!;
    hMean /= l;
    for (let i = 0; i < l; i++) out[m + i] = out[m + i]! + s1[i]! + alpha * s2[i]! - hMean;
  }
  return bandpass(out, fps, PULSE_BAND.lowHz, PULSE_BAND.highHz);
}

/**
 * CHROM (de Haan & Jeanne, IEEE TBME 2013): normalised colour, chrominance signals
 * X = 3R - 2G and Y = 1.5R + G - 1.5B, band-passed, combined per window as
 * S = Xf - (σ(Xf)/σ(Yf))·Yf, Hann-windowed and overlap-added at half-window steps. The band-pass
 * runs once over the whole trace rather than per 1.6 s window (same result, no edge effects).
 */
export function chromPulse(samples: readonly RgbSample[], fps: number): Float64Array {
  const n = samples.length;
  const [mr, mg, mb] = channelMeans(samples);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const c = samples[i]!;
    const r = mr > 0 ? c.r / mr : 0;
    const g = mg > 0 ? c.g / mg : 0;
    const b = mb > 0 ? c.b / mb : 0;
    x[i] = 3 * r - 2 * g;
    y[i] = 1.5 * r + g - 1.5 * b;
  }
  const xf = bandpass(x, fps, PULSE_BAND.lowHz, PULSE_BAND.highHz);
  const yf = bandpass(y, fps, PULSE_BAND.lowHz, PULSE_BAND.highHz);
  const l = windowFrames(fps) + (windowFrames(fps) % 2); // even, for a half-window hop
  const hann = Float64Array.from(
    { length: l },
    (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / l),
  );
  const out = new Float64Array(n);
  for (let m = 0; m + l <= n; m += l / 2) {
    const sy = std(yf, m, m + l);
    const alpha = sy > 0 ? std(xf, m, m + l) / sy : 0;
    let sMean = 0;
    for (let i = m; i < m + l; i++) sMean += xf[i]! - alpha * yf[i]!;
    sMean /= l;
    for (let i = 0; i < l; i++)
      out[m + i] = out[m + i]! + hann[i]! * (xf[m + i]! - alpha * yf[m + i]! - sMean);
  }
  return out;
}

/**
 * GREEN (Verkruysse, Svaasand & Nelson, Opt. Express 2008): the green channel divided by its
 * mean, inverted so that peaks are systoles (blood absorbs green), band-passed.
 */
export function greenPulse(samples: readonly RgbSample[], fps: number): Float64Array {
  const g = mean(samples.map((s) => s.g));
  const x = Float64Array.from(samples, (s) => (g > 0 ? 1 - s.g / g : 0));
  return bandpass(x, fps, PULSE_BAND.lowHz, PULSE_BAND.highHz);
}

export function pulseSignal(
  samples: readonly RgbSample[],
  fps: number,
  method: PulseMethod,
): Float64Array {
  if (method === 'pos') return posPulse(samples, fps);
  if (method === 'chrom') return chromPulse(samples, fps);
  return greenPulse(samples, fps);
}

export function channelMeans(samples: readonly RgbSample[]): [number, number, number] {
  let r = 0;
  let g = 0;
  let b = 0;
  for (const s of samples) {
    r += s.r;
    g += s.g;
    b += s.b;
  }
  const n = Math.max(1, samples.length);
  return [r / n, g / n, b / n];
}
