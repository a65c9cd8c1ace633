/** Beats in the pulse waveform, inter-beat intervals and heart-rate variability. */
import { bandpass } from './filter.js';
import type { Hrv } from './types.js';

/** Short-term HRV is defined on 5 minutes; below 1 minute ("ultra-short") it is only a hint. */
export const HRV_GOOD_SEC = 60;
/** Fewer intervals than this give no HRV at all. */
const MIN_INTERVALS = 8;
/** An interval more than this far from the median is a missed or extra beat (artefact). */
const ARTEFACT_TOLERANCE = 0.3;
/** Peaks lower than this share of the median beat height are not beats. */
const MIN_BEAT_HEIGHT = 0.3;
/** Below this much signal there is no HRV (RMSSD is defined down to about 10 s). */
export const HRV_MIN_SEC = 10;

/**
 * Beat times (s) as the systolic peaks of the pulse. The waveform is first narrowed to
 * 0.6–1.6 times the heart rate so that a strong second harmonic (common in dim video) does
 * not show as an extra beat, while beat-to-beat changes of the rate stay inside the band. Peak
 * times are refined by a parabola through the neighbouring samples: at 15 fps a frame is 67 ms.
 */
export function detectBeats(pulse: Float64Array, fps: number, heartRateHz: number): number[] {
  const nyquist = fps / 2;
  const narrowed = bandpass(
    pulse,
    fps,
    Math.max(0.5, 0.6 * heartRateHz),
    Math.min(nyquist * 0.9, 1.6 * heartRateHz),
  );
  const minGap = Math.max(1, Math.floor((0.6 * fps) / heartRateHz));
  const candidates: number[] = [];
  for (let i = 1; i + 1 < narrowed.length; i++)
    if (narrowed[i]! > 0 && narrowed[i]! >= narrowed[i - 1]! && narrowed[i]! > narrowed[i + 1]!)
      candidates.push(i);
  // Strongest first: a weaker peak too close to a kept one is the same beat's shoulder.
  const kept: number[] = [];
  for (const i of [...candidates].sort((a, b) => narrowed[b]! - narrowed[a]!))
    if (kept.every((k) => Math.abs(k - i) >= minGap)) kept.push(i);
  // A peak far smaller than a typical beat is filter ringing (at the ends) or noise.
  const heights = kept.map((i) => narrowed[i]!).sort((a, b) => a - b);
  const floor = MIN_BEAT_HEIGHT * (heights[Math.floor(heights.length / 2)] ?? 0);
  const beats = kept.filter((i) => narrowed[i]! >= floor).sort((a, b) => a - b);
  return beats.map((i) => {
    const [l, c, r] = [narrowed[i - 1]!, narrowed[i]!, narrowed[i + 1]!];
    const denom = l - 2 * c + r;
    const shift = denom < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (l - r)) / denom)) : 0;
    return (i + shift) / fps;
  });
}

export interface Intervals {
  /** Inter-beat intervals in ms, null where the interval is an artefact. */
  ms: (number | null)[];
  /** Fraction of intervals kept. */
  keptShare: number;
}

export function interBeatIntervals(beats: readonly number[]): Intervals {
  const raw: number[] = [];
  for (let i = 1; i < beats.length; i++) raw.push((beats[i]! - beats[i - 1]!) * 1000);
  if (raw.length === 0) return { ms: [], keptShare: 0 };
  const sorted = [...raw].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const ms = raw.map((v) => (Math.abs(v - median) <= ARTEFACT_TOLERANCE * median ? v : null));
  return { ms, keptShare: ms.filter((v) => v !== null).length / raw.length };
}

/**
 * SDNN and RMSSD over the kept intervals; RMSSD uses only pairs of neighbouring kept
 * intervals. Quality is 'none' below HRV_MIN_SEC or MIN_INTERVALS, 'low' when the trace is
 * shorter than HRV_GOOD_SEC, the pulse is noisy or many intervals were artefacts.
 */
export function hrvFromBeats(
  beats: readonly number[],
  durationSec: number,
  pulseQuality: 'good' | 'low' | 'none',
): Hrv {
  const { ms, keptShare } = interBeatIntervals(beats);
  const kept = ms.filter((v): v is number => v !== null);
  const none = (reason: string): Hrv => ({
    sdnnMs: null,
    rmssdMs: null,
    beats: beats.length,
    quality: 'none',
    reason,
  });
  if (durationSec < HRV_MIN_SEC)
    return none(`${durationSec.toFixed(0)} s of signal, HRV needs at least ${HRV_MIN_SEC} s`);
  if (kept.length < MIN_INTERVALS)
    return none(`only ${kept.length} usable inter-beat intervals (needs ${MIN_INTERVALS})`);
  const m = kept.reduce((a, b) => a + b, 0) / kept.length;
  const sdnn = Math.sqrt(kept.reduce((a, v) => a + (v - m) ** 2, 0) / (kept.length - 1));
  const diffs: number[] = [];
  for (let i = 1; i < ms.length; i++) {
    const [a, b] = [ms[i - 1], ms[i]];
    if (a != null && b != null) diffs.push(b - a);
  }
  const rmssd =
    diffs.length > 0 ? Math.sqrt(diffs.reduce((a, d) => a + d * d, 0) / diffs.length) : null;
  const reasons: string[] = [];
  if (durationSec < HRV_GOOD_SEC)
    reasons.push(`${durationSec.toFixed(0)} s of signal, HRV needs at least ${HRV_GOOD_SEC} s`);
  if (pulseQuality !== 'good') reasons.push('noisy pulse signal');
  if (keptShare < 0.8)
    reasons.push(`${Math.round((1 - keptShare) * 100)}% of intervals were artefacts`);
  const round1 = (v: number) => Math.round(v * 10) / 10;
  return {
    sdnnMs: round1(sdnn),
    rmssdMs: rmssd === null ? null : round1(rmssd),
    beats: beats.length,
    quality: reasons.length > 0 ? 'low' : 'good',
    ...(reasons.length > 0 ? { reason: reasons.join('; ') } : {}),
  };
}

/** Instantaneous heart period (ms) resampled evenly at `rate` Hz, for respiration. */
export function tachogram(beats: readonly number[], rate: number): Float64Array {
  const { ms } = interBeatIntervals(beats);
  const points: [number, number][] = [];
  ms.forEach((v, i) => {
    if (v !== null) points.push([beats[i + 1]!, v]);
  });
  if (points.length < 2) return new Float64Array(0);
  const [t0] = points[0]!;
  const [t1] = points[points.length - 1]!;
  const out = new Float64Array(Math.floor((t1 - t0) * rate) + 1);
  let j = 0;
  for (let i = 0; i < out.length; i++) {
    const t = t0 + i / rate;
    while (j + 2 < points.length && points[j + 1]![0] < t) j++;
    const [ta, va] = points[j]!;
    const [tb, vb] = points[j + 1]!;
    out[i] = tb > ta ? va + ((vb - va) * (t - ta)) / (tb - ta) : va;
  }
  return out;
}
