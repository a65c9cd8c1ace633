/** Power spectra of short signals: radix-2 FFT, Welch's method, peak picking and SNR. */

/** In-place radix-2 FFT of (re, im); the length must be a power of two. */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const angle = (-2 * Math.PI) / len;
    const wr = Math.cos(angle);
    const wi = Math.sin(angle);
    for (let start = 0; start < n; start += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = start + k;
        const b = a + len / 2;
        const tr = re[b]! * cr - im[b]! * ci;
        const ti = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
        const next = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = next;
      }
    }
  }
}

export interface Spectrum {
  /** Hz per bin. */
  binHz: number;
  /** Power per bin from 0 Hz to the Nyquist frequency. */
  power: Float64Array;
}

const nextPow2 = (n: number): number => 2 ** Math.ceil(Math.log2(Math.max(2, n)));

/**
 * Welch's method: Hann-windowed segments of `segment` samples every `hop`, zero-padded to at
 * least `minFft` points (finer bins to interpolate between), power averaged over segments.
 */
export function welch(
  signal: ArrayLike<number>,
  rate: number,
  segment: number,
  hop: number,
  minFft = 2048,
): Spectrum {
  const seg = Math.max(2, Math.min(segment, signal.length));
  const size = nextPow2(Math.max(seg, minFft));
  const window = new Float64Array(seg);
  for (let i = 0; i < seg; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (seg - 1));
  const power = new Float64Array(size / 2 + 1);
  let count = 0;
  for (let start = 0; start + seg <= signal.length; start += Math.max(1, hop)) {
    const re = new Float64Array(size);
    const im = new Float64Array(size);
    let m = 0;
    for (let i = 0; i < seg; i++) m += signal[start + i]!;
    m /= seg;
    for (let i = 0; i < seg; i++) re[i] = (signal[start + i]! - m) * window[i]!;
    fft(re, im);
    for (let k = 0; k < power.length; k++) power[k] = power[k]! + re[k]! ** 2 + im[k]! ** 2;
    count++;
  }
  if (count > 0) for (let k = 0; k < power.length; k++) power[k] = power[k]! / count;
  return { binHz: rate / size, power };
}

/** Least power of a fundamental, as a share of its second harmonic's, for the harmonic to count. */
export const HARMONIC_SUPPORT = 0.25;

/** Power at a frequency, linearly interpolated between bins (0 outside the spectrum). */
export function powerAt(s: Spectrum, hz: number): number {
  const x = hz / s.binHz;
  const i = Math.floor(x);
  if (i < 0 || i + 1 >= s.power.length) return 0;
  return s.power[i]! + (x - i) * (s.power[i + 1]! - s.power[i]!);
}

/**
 * The fundamental frequency in [lowHz, highHz] whose power plus its second harmonic's is the
 * largest, refined by a parabola through the neighbouring bins. The harmonic counts because
 * in dim, compressed video the pulse's second harmonic is often stronger than the fundamental
 * (on both rPPG fixtures it is), which makes a plain maximum read double the heart rate.
 * The harmonic counts only when the candidate itself holds at least HARMONIC_SUPPORT of the
 * harmonic's power: otherwise noise at half a strong pulse would win (a 130 bpm pulse read as
 * 65). On the fixtures the fundamental holds about half its harmonic's power.
 */
export function harmonicPeak(s: Spectrum, lowHz: number, highHz: number): number | null {
  const from = Math.max(1, Math.ceil(lowHz / s.binHz));
  const to = Math.min(s.power.length - 2, Math.floor(highHz / s.binHz));
  const score = (k: number) => {
    const harmonic = powerAt(s, 2 * k * s.binHz);
    return s.power[k]! + (s.power[k]! >= HARMONIC_SUPPORT * harmonic ? harmonic : 0);
  };
  let best = -1;
  let bestScore = 0;
  for (let k = from; k <= to; k++) {
    const v = score(k);
    if (v > bestScore) {
      bestScore = v;
      best = k;
    }
  }
  if (best < 0) return null;
  const l = score(best - 1);
  const r = score(best + 1);
  const denom = l - 2 * bestScore + r;
  const shift = denom < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (l - r)) / denom)) : 0;
  return (best + shift) * s.binHz;
}

/** Largest peak in [lowHz, highHz], parabola-refined, with its share of the band's power. */
export function dominantPeak(
  s: Spectrum,
  lowHz: number,
  highHz: number,
): { hz: number; share: number } | null {
  const from = Math.max(1, Math.ceil(lowHz / s.binHz));
  const to = Math.min(s.power.length - 2, Math.floor(highHz / s.binHz));
  let best = -1;
  let total = 0;
  for (let k = from; k <= to; k++) {
    total += s.power[k]!;
    if (best < 0 || s.power[k]! > s.power[best]!) best = k;
  }
  if (best < 0 || total <= 0) return null;
  const [l, c, r] = [s.power[best - 1]!, s.power[best]!, s.power[best + 1]!];
  const denom = l - 2 * c + r;
  const shift = denom < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (l - r)) / denom)) : 0;
  // Share of the band's power within ±0.05 Hz of the peak: how clearly one rhythm dominates.
  let near = 0;
  for (let k = from; k <= to; k++) if (Math.abs(k - best) * s.binHz <= 0.05) near += s.power[k]!;
  return { hz: (best + shift) * s.binHz, share: near / total };
}

/**
 * SNR as de Haan & Jeanne (2013) define it: power within ±0.1 Hz of the heart rate and of its
 * second harmonic over the rest of the pulse band, in dB.
 */
export function pulseSnrDb(s: Spectrum, hz: number, lowHz: number, highHz: number): number {
  let signal = 0;
  let noise = 0;
  const from = Math.max(1, Math.ceil(lowHz / s.binHz));
  const to = Math.min(s.power.length - 1, Math.floor(highHz / s.binHz));
  for (let k = from; k <= to; k++) {
    const f = k * s.binHz;
    if (Math.abs(f - hz) <= 0.1 || Math.abs(f - 2 * hz) <= 0.1) signal += s.power[k]!;
    else noise += s.power[k]!;
  }
  if (signal <= 0) return -Infinity;
  return noise > 0 ? 10 * Math.log10(signal / noise) : Infinity;
}
