/** The whole physiology estimate from one skin colour trace. */
import { detectBeats, hrvFromBeats } from './beats.js';
import { estimateBloodPressure, estimateSpo2, estimateStress } from './estimates.js';
import { autoMethod, PULSE_BAND, pulseSignal } from './pulse.js';
import { evenlySpaced } from './resample.js';
import { estimateRespiration } from './respiration.js';
import { harmonicPeak, pulseSnrDb, welch } from './spectrum.js';
import type {
  HeartRate,
  HeartRatePoint,
  PhysiologyResult,
  PulseMethod,
  Quality,
  RgbTrace,
} from './types.js';

export interface PhysiologyOptions {
  /** Pulse extraction; 'auto' (default) is POS, or GREEN when blue is too dark (pulse.ts). */
  method?: PulseMethod | 'auto';
}

/**
 * Fundamentals searched: 42–150 bpm, people sitting in a meeting. The band-pass keeps up to
 * 4 Hz so that the second harmonic of every candidate below 2 Hz counts (harmonicPeak).
 */
export const HEART_RATE_SEARCH = { lowHz: PULSE_BAND.lowHz, highHz: 2.5 } as const;
/** Spectral segment: 10 s holds 7–25 beats, enough to resolve 6 bpm before interpolation. */
const SEGMENT_SEC = 10;
/** Heart-rate chart: one point per 2 s over a 10 s window. */
const SERIES_STEP_SEC = 2;
/** Shorter traces give no heart rate: fewer than four beats at 42 bpm. */
const MIN_SEC = 5;
/** SNR (de Haan) at which the pulse is clearly above the noise of the band. */
const GOOD_SNR_DB = 0;
const round1 = (v: number) => Math.round(v * 10) / 10;

function spectralRate(pulse: Float64Array, fps: number): { hz: number | null; snrDb: number } {
  const segment = Math.min(pulse.length, Math.round(SEGMENT_SEC * fps));
  const spectrum = welch(pulse, fps, segment, Math.max(1, Math.round(fps)));
  const hz = harmonicPeak(spectrum, HEART_RATE_SEARCH.lowHz, HEART_RATE_SEARCH.highHz);
  if (hz === null) return { hz: null, snrDb: -Infinity };
  return { hz, snrDb: pulseSnrDb(spectrum, hz, PULSE_BAND.lowHz, PULSE_BAND.highHz) };
}

export function heartRateSeries(pulse: Float64Array, fps: number): HeartRatePoint[] {
  const window = Math.round(SEGMENT_SEC * fps);
  const step = Math.max(1, Math.round(SERIES_STEP_SEC * fps));
  const points: HeartRatePoint[] = [];
  for (let start = 0; start + window <= pulse.length; start += step) {
    const { hz, snrDb } = spectralRate(pulse.subarray(start, start + window), fps);
    points.push({
      t: round1((start + window / 2) / fps),
      bpm: hz === null ? null : round1(hz * 60),
      snrDb: round1(Math.max(-99, snrDb)),
    });
  }
  return points;
}

/**
 * Heart rate, its course, HRV, respiration and the labelled estimates (stress, SpO2, blood
 * pressure) from the mean skin colour per frame. Dropped frames (gaps in `t`) are filled
 * by interpolation; rPPG needs the camera's own rate (at least ~10 fps), not a thinned one.
 */
export function estimatePhysiology(
  trace: RgbTrace,
  opts: PhysiologyOptions = {},
): PhysiologyResult {
  if (!(trace.fps > 0)) throw new RangeError(`frame rate must be positive, got ${trace.fps}`);
  const { fps, samples } = evenlySpaced(trace);
  const durationSec = samples.length / fps;
  const method = !opts.method || opts.method === 'auto' ? autoMethod(samples) : opts.method;
  const usable = durationSec >= MIN_SEC;
  const pulse = usable ? pulseSignal(samples, fps, method) : new Float64Array(0);
  const overall = usable ? spectralRate(pulse, fps) : { hz: null, snrDb: -Infinity };
  const quality: Quality =
    overall.hz === null
      ? 'none'
      : overall.snrDb >= GOOD_SNR_DB && durationSec >= SEGMENT_SEC
        ? 'good'
        : 'low';
  const heartRate: HeartRate = {
    bpm: overall.hz === null ? null : round1(overall.hz * 60),
    snrDb: round1(Math.max(-99, overall.snrDb)),
    quality,
    method,
  };
  const beats = overall.hz === null ? [] : detectBeats(pulse, fps, overall.hz);
  const hrv = hrvFromBeats(beats, durationSec, quality);
  return {
    durationSec: round1(durationSec),
    fps,
    heartRate,
    heartRateSeries: usable ? heartRateSeries(pulse, fps) : [],
    hrv,
    respiration: estimateRespiration(samples, fps, beats),
    stress: estimateStress(hrv, heartRate),
    spo2: estimateSpo2(samples, fps, heartRate),
    bloodPressure: estimateBloodPressure(heartRate),
  };
}
