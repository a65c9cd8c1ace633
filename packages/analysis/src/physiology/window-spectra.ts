/** Short-time power spectra of a pulse signal and the scores read from them. */
import { detrendLinear } from './filter.js';
import { fft } from './spectrum.js';

/** One spectrum per analysis window, each normalised to sum 1 over the pulse band. */
export interface WindowSpectra {
  /** Hz per bin. */
  binHz: number;
  /** Start sample of each window. */
  starts: number[];
  /** Window length, samples. */
  length: number;
  /** Normalised power per window, bins 0 to Nyquist (all zeros for a window without change). */
  power: Float64Array[];
}

/**
 * Zero-padding target: 10 s at 15 fps (150 samples) padded to 1024 points gives 0.015 Hz
 * (0.9 bpm) bins, finer than the 6 bpm a 10 s window can resolve, so the peak is not moved
 * by the bin grid.
 */
const MIN_FFT = 1024;
const nextPow2 = (n: number): number => 2 ** Math.ceil(Math.log2(Math.max(2, n)));

/**
 * Power spectra of `signal` in windows of `length` samples every `step`: each window is
 * detrended (least-squares line: slow drifts of light and skin tone left by the band-pass at
 * the window's edges), Hann-windowed, zero-padded and normalised so that its power in
 * [bandLowHz, bandHighHz] sums to 1. Normalising makes windows and regions comparable however
 * bright the skin or strong the motion.
 */
export function windowSpectra(
  signal: Float64Array,
  rate: number,
  length: number,
  step: number,
  band: { lowHz: number; highHz: number },
): WindowSpectra {
  const size = nextPow2(Math.max(length, MIN_FFT));
  const binHz = rate / size;
  const hann = Float64Array.from(
    { length },
    (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / Math.max(1, length - 1)),
  );
  const from = Math.max(1, Math.ceil(band.lowHz / binHz));
  const to = Math.min(size / 2, Math.floor(band.highHz / binHz));
  const starts: number[] = [];
  const power: Float64Array[] = [];
  for (let start = 0; start + length <= signal.length; start += Math.max(1, step)) {
    const piece = detrendLinear(signal.subarray(start, start + length));
    const re = new Float64Array(size);
    const im = new Float64Array(size);
    for (let i = 0; i < length; i++) re[i] = piece[i]! * hann[i]!;
    fft(re, im);
    const p = new Float64Array(size / 2 + 1);
    let total = 0;
    for (let k = 0; k < p.length; k++) {
      p[k] = re[k]! ** 2 + im[k]! ** 2;
      if (k >= from && k <= to) total += p[k]!;
    }
    // A window without any change in the band stays all zeros: it votes for no rate.
    if (total > 0) for (let k = 0; k < p.length; k++) p[k] = p[k]! / total;
    else p.fill(0);
    starts.push(start);
    power.push(p);
  }
  return { binHz, starts, length, power };
}

/**
 * Weight of the second harmonic in the fundamental's score: subharmonic summation (Hermes,
 * JASA 1988) counts the n-th harmonic with 0.84^(n-1). A pulse wave is not a sine (the
 * dicrotic notch puts power at twice the rate), so a candidate whose harmonic is also present
 * is more likely a pulse; a lone peak still scores highest at its own frequency.
 */
export const HARMONIC_WEIGHT = 0.84;
/**
 * The harmonic counts only when the candidate itself holds at least this share of the
 * harmonic's power. A blood-volume pulse's fundamental carries more power than its second
 * harmonic (the harmonic holds some 10–50 % of it); a "fundamental" at a quarter of its
 * harmonic is noise at half a real pulse, and counting it would read 130 bpm as 65.
 */
export const HARMONIC_SUPPORT = 0.25;

/** Harmonic-summed score of every fundamental bin in [lowHz, highHz] (others 0). */
export function harmonicScores(
  power: Float64Array,
  binHz: number,
  lowHz: number,
  highHz: number,
): Float64Array {
  const score = new Float64Array(power.length);
  const from = Math.max(1, Math.ceil(lowHz / binHz));
  const to = Math.min(power.length - 1, Math.floor(highHz / binHz));
  for (let k = from; k <= to; k++) {
    const harmonic = 2 * k < power.length ? power[2 * k]! : 0;
    const supported = power[k]! >= HARMONIC_SUPPORT * harmonic;
    score[k] = power[k]! + (supported ? HARMONIC_WEIGHT * harmonic : 0);
  }
  return score;
}

/** Bin of the largest value in [from, to], or -1 when all are zero. */
export function argmax(x: Float64Array, from = 0, to = x.length - 1): number {
  let best = -1;
  for (let k = Math.max(0, from); k <= Math.min(to, x.length - 1); k++)
    if (x[k]! > 0 && (best < 0 || x[k]! > x[best]!)) best = k;
  return best;
}

/**
 * SNR as de Haan & Jeanne (2013) define it: power within ±0.1 Hz of the rate and of its second
 * harmonic over the rest of [lowHz, highHz], in dB; with the value white noise would give, so
 * that the figure can be read against chance.
 */
export function snrAt(
  power: Float64Array,
  binHz: number,
  hz: number,
  lowHz: number,
  highHz: number,
): { snrDb: number; noiseDb: number } {
  let signal = 0;
  let noise = 0;
  let signalBins = 0;
  let noiseBins = 0;
  const from = Math.max(1, Math.ceil(lowHz / binHz));
  const to = Math.min(power.length - 1, Math.floor(highHz / binHz));
  for (let k = from; k <= to; k++) {
    const f = k * binHz;
    if (Math.abs(f - hz) <= 0.1 || Math.abs(f - 2 * hz) <= 0.1) {
      signal += power[k]!;
      signalBins++;
    } else {
      noise += power[k]!;
      noiseBins++;
    }
  }
  const noiseDb = 10 * Math.log10(Math.max(1, signalBins) / Math.max(1, noiseBins));
  if (signal <= 0) return { snrDb: -Infinity, noiseDb };
  return { snrDb: noise > 0 ? 10 * Math.log10(signal / noise) : Infinity, noiseDb };
}
