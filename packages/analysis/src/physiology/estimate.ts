/** The whole physiology estimate from one skin colour trace. */
import { detectBeats, hrvFromBeats } from './beats.js';
import { estimateBloodPressure, estimateSpo2, estimateStress } from './estimates.js';
import { estimateHeartRate, HEART_RATE_SEARCH } from './heart-rate.js';
import { PULSE_BAND } from './pulse.js';
import { evenlySpaced } from './resample.js';
import { estimateRespiration } from './respiration.js';
import { harmonicPeak, pulseSnrDb, welch } from './spectrum.js';
import type {
  HeartRate,
  HeartRatePoint,
  PhysiologyResult,
  PulseMethod,
  RgbTrace,
} from './types.js';

export { HEART_RATE_SEARCH };

export interface PhysiologyOptions {
  /** Pulse extraction; 'auto' (default) keeps the method whose windows agree best. */
  method?: PulseMethod | 'auto';
}

/** Spectral segment: 10 s holds 7–25 beats, enough to resolve 6 bpm before interpolation. */
const SEGMENT_SEC = 10;
/** Heart-rate chart: one point per 2 s over a 10 s window. */
const SERIES_STEP_SEC = 2;
const round1 = (v: number) => Math.round(v * 10) / 10;

function spectralRate(pulse: Float64Array, fps: number): { hz: number | null; snrDb: number } {
  const segment = Math.min(pulse.length, Math.round(SEGMENT_SEC * fps));
  const spectrum = welch(pulse, fps, segment, Math.max(1, Math.round(fps)));
  const hz = harmonicPeak(spectrum, HEART_RATE_SEARCH.lowHz, HEART_RATE_SEARCH.highHz);
  if (hz === null) return { hz: null, snrDb: -Infinity };
  return { hz, snrDb: pulseSnrDb(spectrum, hz, PULSE_BAND.lowHz, PULSE_BAND.highHz) };
}

/**
 * Each 10 s window's own strongest rate, every 2 s, untracked and ungated: for looking at a
 * pulse waveform. `estimatePhysiology` charts the tracked rate instead.
 */
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
  const estimate = estimateHeartRate(samples, fps, opts.method ?? 'auto');
  const heartRate: HeartRate = {
    bpm: estimate.bpm,
    reason: estimate.reason,
    snrDb: estimate.snrDb,
    qualityIndex: estimate.qualityIndex,
    quality: estimate.quality,
    method: estimate.method,
    regions: estimate.regions,
  };
  const beats = estimate.hz === null ? [] : detectBeats(estimate.pulse, fps, estimate.hz);
  const hrv = hrvFromBeats(beats, durationSec, heartRate.quality);
  return {
    durationSec: round1(durationSec),
    fps,
    heartRate,
    heartRateSeries: estimate.series,
    hrv,
    respiration: estimateRespiration(samples, fps, beats),
    stress: estimateStress(hrv, heartRate),
    spo2: estimateSpo2(samples, fps, heartRate),
    bloodPressure: estimateBloodPressure(heartRate),
  };
}
