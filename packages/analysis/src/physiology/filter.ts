/**
 * Zero-phase Butterworth filtering and detrending for short physiological signals (a few
 * hundred to a few thousand samples at video frame rates), in plain TypeScript.
 */

/** One second-order section: b0 + b1 z^-1 + b2 z^-2 over 1 + a1 z^-1 + a2 z^-2. */
interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

// Q of the two sections of a 4th-order Butterworth (poles at 22.5° and 67.5°): cascading two
// RBJ biquads with these Qs gives exactly the Butterworth response.
const BUTTERWORTH4_Q = [1 / (2 * Math.cos(Math.PI / 8)), 1 / (2 * Math.cos((3 * Math.PI) / 8))];

function biquad(kind: 'lowpass' | 'highpass', cutoffHz: number, rate: number, q: number): Biquad {
  const w = (2 * Math.PI * cutoffHz) / rate;
  const cos = Math.cos(w);
  const alpha = Math.sin(w) / (2 * q);
  const a0 = 1 + alpha;
  const k = kind === 'lowpass' ? (1 - cos) / 2 : (1 + cos) / 2;
  const b1 = kind === 'lowpass' ? 1 - cos : -(1 + cos);
  return { b0: k / a0, b1: b1 / a0, b2: k / a0, a1: (-2 * cos) / a0, a2: (1 - alpha) / a0 };
}

function runBiquad(x: Float64Array, s: Biquad): Float64Array {
  const y = new Float64Array(x.length);
  // Start in the steady state for the first sample so the edge does not ring.
  const gain = (s.b0 + s.b1 + s.b2) / (1 + s.a1 + s.a2);
  const x0 = x[0] ?? 0;
  let x1 = x0;
  let x2 = x0;
  let y1 = Number.isFinite(gain) ? x0 * gain : 0;
  let y2 = y1;
  for (let i = 0; i < x.length; i++) {
    const xi = x[i]!;
    const yi = s.b0 * xi + s.b1 * x1 + s.b2 * x2 - s.a1 * y1 - s.a2 * y2;
    y[i] = yi;
    x2 = x1;
    x1 = xi;
    y2 = y1;
    y1 = yi;
  }
  return y;
}

/** Sections of a 4th-order Butterworth band-pass (high-pass then low-pass, 24 dB/octave each). */
export function bandpassSections(lowHz: number, highHz: number, rate: number): Biquad[] {
  const nyquist = rate / 2;
  const sections: Biquad[] = [];
  for (const q of BUTTERWORTH4_Q) if (lowHz > 0) sections.push(biquad('highpass', lowHz, rate, q));
  for (const q of BUTTERWORTH4_Q)
    if (highHz < nyquist * 0.98) sections.push(biquad('lowpass', highHz, rate, q));
  return sections;
}

/**
 * Band-pass run forwards then backwards (as scipy's filtfilt), so peaks stay where they are:
 * beat times matter for HRV. The signal is mirrored at both ends for the filters to settle.
 */
export function bandpass(
  signal: ArrayLike<number>,
  rate: number,
  lowHz: number,
  highHz: number,
): Float64Array {
  const n = signal.length;
  if (n === 0) return new Float64Array(0);
  const pad = Math.min(n - 1, Math.round(3 * (rate / Math.max(lowHz, 0.05))));
  const padded = new Float64Array(n + 2 * pad);
  const first = signal[0]!;
  const last = signal[n - 1]!;
  for (let i = 0; i < pad; i++) {
    padded[i] = 2 * first - signal[pad - i]!;
    padded[pad + n + i] = 2 * last - signal[n - 2 - i]!;
  }
  for (let i = 0; i < n; i++) padded[pad + i] = signal[i]!;
  const sections = bandpassSections(lowHz, highHz, rate);
  let y: Float64Array = padded;
  for (const s of sections) y = runBiquad(y, s);
  y.reverse();
  for (const s of sections) y = runBiquad(y, s);
  y.reverse();
  return y.slice(pad, pad + n);
}

/** Subtracts the least-squares straight line. */
export function detrendLinear(signal: ArrayLike<number>): Float64Array {
  const n = signal.length;
  const out = new Float64Array(n);
  if (n === 0) return out;
  const meanT = (n - 1) / 2;
  let meanY = 0;
  for (let i = 0; i < n; i++) meanY += signal[i]!;
  meanY /= n;
  let cov = 0;
  let varT = 0;
  for (let i = 0; i < n; i++) {
    cov += (i - meanT) * (signal[i]! - meanY);
    varT += (i - meanT) ** 2;
  }
  const slope = varT > 0 ? cov / varT : 0;
  for (let i = 0; i < n; i++) out[i] = signal[i]! - meanY - slope * (i - meanT);
  return out;
}

export function mean(x: ArrayLike<number>, from = 0, to = x.length): number {
  let s = 0;
  for (let i = from; i < to; i++) s += x[i]!;
  return to > from ? s / (to - from) : 0;
}

export function std(x: ArrayLike<number>, from = 0, to = x.length): number {
  const m = mean(x, from, to);
  let s = 0;
  for (let i = from; i < to; i++) s += (x[i]! - m) ** 2;
  return to > from ? Math.sqrt(s / (to - from)) : 0;
}
