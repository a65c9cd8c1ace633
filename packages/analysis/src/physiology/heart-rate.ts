/**
 * Heart rate from a skin colour trace, answered only when the signal can be trusted:
 * every skin region's pulse (POS, CHROM, GREEN) in 10 s windows, the regions fused by their
 * SNR, the rate tracked across windows, and a quality index (do the windows agree?) that
 * decides between a number and 'insufficient signal'. The method is the one whose windows
 * agree best on this recording: measured, not chosen by skin colour.
 */
import { std } from './filter.js';
import { PULSE_BAND, pulseSignal } from './pulse.js';
import { trackRates } from './track.js';
import type { PulseMethod, Quality, RgbColour, RgbSample } from './types.js';
import {
  argmax,
  harmonicScores,
  snrAt,
  windowSpectra,
  type WindowSpectra,
} from './window-spectra.js';

/**
 * Rates searched: 42–150 bpm. Below 42 is bradycardia rare outside athletes asleep; above 150
 * is exercise, not a person sitting in a meeting or in front of a camera. The pulse band
 * (pulse.ts) keeps up to 4 Hz so that the harmonic of candidates up to 2 Hz counts.
 */
export const HEART_RATE_SEARCH = { lowHz: PULSE_BAND.lowHz, highHz: 2.5 } as const;
/** Analysis window: 10 s hold 7–25 beats and resolve 0.1 Hz (6 bpm). */
export const WINDOW_SEC = 10;
/** Window hop: 2 s, so that a 30 s trace gives 11 windows to compare. */
export const STEP_SEC = 2;
/**
 * Least trace for an answer: three windows (14 s). Agreement between windows is the quality
 * index, and it means nothing with fewer than three.
 */
export const MIN_SEC = WINDOW_SEC + 2 * STEP_SEC;
/**
 * Two rates within this distance agree: 6 bpm, the resolution of a 10 s window (0.1 Hz).
 * A window's peak that is noise lands this close to any given rate about one time in ten
 * (12 bpm of the 108 bpm searched).
 */
export const AGREE_BPM = 6;
/**
 * Least share of windows that must agree with the answer; below it the answer is null. One
 * noise window lands within 6 bpm of a given rate about one time in ten, but neighbouring
 * windows share 80 % of their samples and the tracked path leans towards where the windows
 * peak, so pure noise reaches more: on white-noise traces of 30–78 s (synthetic, seeded: the
 * unit tests' generator) the share is 0.48 at the median and 0.73 at the 95th percentile. Three windows
 * in four is above what noise gives.
 */
export const MIN_AGREEMENT = 0.75;
/** From this share of agreeing windows the rate is 'good', below it 'low' (read with care). */
export const GOOD_AGREEMENT = 0.9;
/**
 * The pulse (rate and harmonic, ±0.1 Hz each) must hold at least twice the power white noise
 * would put there (3 dB above the noise figure snrAt gives): a peak at the noise level is no
 * peak, however many windows happen to share it.
 */
export const MIN_SNR_OVER_NOISE_DB = 3;
/**
 * A pulse sample beyond this many robust standard deviations (1.4826·MAD) is clipped: a head
 * turn or a hand in front of the skin makes a spike tens of times larger than the pulse,
 * whose waveform stays within about three.
 */
const CLIP_SIGMAS = 4;

export interface HeartRateEstimate {
  bpm: number | null;
  reason: string | null;
  snrDb: number;
  qualityIndex: number;
  quality: Quality;
  method: PulseMethod;
  regions: number;
  /** Fused pulse waveform of the chosen method (for beats and HRV). */
  pulse: Float64Array;
  /** Answer in Hz, or null. */
  hz: number | null;
  /** The rate the chosen method tracked, answered or not (for diagnostics, never shown). */
  candidateHz: number | null;
  /** Tracked rate per window (centre time, bpm, that window's SNR). */
  series: { t: number; bpm: number | null; snrDb: number }[];
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** Per-region colour series: `regions` when every sample has them, else the whole skin. */
export function regionSeries(samples: readonly RgbSample[]): RgbColour[][] {
  const count = samples[0]?.regions?.length ?? 0;
  const split = count > 0 && samples.every((s) => s.regions?.length === count);
  if (!split) return [samples.map(({ r, g, b }) => ({ r, g, b }))];
  return Array.from({ length: count }, (_, i) => samples.map((s) => s.regions![i]!));
}

function clipSpikes(x: Float64Array): Float64Array {
  const abs = Float64Array.from(x, Math.abs).sort();
  const mad = abs[Math.floor(abs.length / 2)] ?? 0;
  const limit = CLIP_SIGMAS * 1.4826 * mad;
  if (!(limit > 0)) return x;
  return Float64Array.from(x, (v) => Math.max(-limit, Math.min(limit, v)));
}

interface MethodResult {
  method: PulseMethod;
  hz: number | null;
  path: number[];
  agreement: number;
  snrDb: number;
  noiseDb: number;
  pulse: Float64Array;
  spectra: WindowSpectra;
  flat: boolean;
}

function meanSpectrum(s: WindowSpectra): Float64Array {
  const out = new Float64Array(s.power[0]?.length ?? 0);
  for (const p of s.power) for (let k = 0; k < out.length; k++) out[k] = out[k]! + p[k]!;
  if (s.power.length > 0) for (let k = 0; k < out.length; k++) out[k] = out[k]! / s.power.length;
  return out;
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** One method: each region's pulse and spectra, fused by SNR, tracked, scored. */
function runMethod(
  regions: RgbColour[][],
  fps: number,
  method: PulseMethod,
  times: number[],
): MethodResult {
  const length = Math.round(WINDOW_SEC * fps);
  const step = Math.max(1, Math.round(STEP_SEC * fps));
  const band = PULSE_BAND;
  const parts = regions.map((colours) => {
    const samples = colours.map((c, i) => ({ t: times[i]!, ...c }));
    const pulse = clipSpikes(pulseSignal(samples, fps, method));
    const spectra = windowSpectra(pulse, fps, length, step, band);
    const mean = meanSpectrum(spectra);
    const scores = harmonicScores(
      mean,
      spectra.binHz,
      HEART_RATE_SEARCH.lowHz,
      HEART_RATE_SEARCH.highHz,
    );
    const peak = argmax(scores);
    const snr =
      peak < 0
        ? -Infinity
        : snrAt(mean, spectra.binHz, peak * spectra.binHz, band.lowHz, band.highHz).snrDb;
    return { pulse, spectra, snr };
  });
  // Maximal-ratio combining: each region weighted by its linear SNR, so a region in shadow,
  // under hair or moving adds little noise to a clean one. Regions without change weigh 0.
  const weights = parts.map((p) => (Number.isFinite(p.snr) ? 10 ** (p.snr / 10) : 0));
  const total = weights.reduce((a, b) => a + b, 0);
  const first = parts[0]!.spectra;
  const fused: WindowSpectra = {
    ...first,
    power: first.power.map((p) => new Float64Array(p.length)),
  };
  const pulse = new Float64Array(parts[0]!.pulse.length);
  parts.forEach((part, r) => {
    const w = total > 0 ? weights[r]! / total : 0;
    part.spectra.power.forEach((p, i) => {
      const out = fused.power[i]!;
      for (let k = 0; k < out.length; k++) out[k] = out[k]! + w * p[k]!;
    });
    const sd = std(part.pulse);
    if (sd > 0)
      for (let i = 0; i < pulse.length; i++) pulse[i] = pulse[i]! + (w * part.pulse[i]!) / sd;
  });
  const flat = total === 0;
  const { binHz } = fused;
  const from = Math.max(1, Math.ceil(HEART_RATE_SEARCH.lowHz / binHz));
  const to = Math.floor(HEART_RATE_SEARCH.highHz / binHz);
  const scores = fused.power.map((p) =>
    harmonicScores(p, binHz, HEART_RATE_SEARCH.lowHz, HEART_RATE_SEARCH.highHz),
  );
  const path = flat ? [] : trackRates(scores, from, to, binHz);
  const hz = path.length > 0 ? median(path) * binHz : null;
  // Quality index: windows whose own strongest candidate agrees with the tracked answer.
  const own = scores.map((s) => argmax(s, from, to));
  const agreeing =
    hz === null
      ? 0
      : own.filter((k) => k >= 0 && Math.abs(k * binHz - hz) * 60 <= AGREE_BPM).length;
  const agreement = scores.length > 0 ? agreeing / scores.length : 0;
  const { snrDb, noiseDb } =
    hz === null
      ? { snrDb: -Infinity, noiseDb: 0 }
      : snrAt(meanSpectrum(fused), binHz, hz, band.lowHz, band.highHz);
  return { method, hz, path, agreement, snrDb, noiseDb, pulse, spectra: fused, flat };
}

const METHODS: PulseMethod[] = ['pos', 'chrom', 'green'];

/** The method 'auto' keeps for this evenly spaced trace: the one whose windows agree best. */
export function autoMethod(samples: readonly RgbSample[], fps: number): PulseMethod {
  return estimateHeartRate(samples, fps, 'auto').method;
}

/** Better by the quality index, then by SNR. */
const better = (a: MethodResult, b: MethodResult) =>
  a.agreement !== b.agreement ? a.agreement > b.agreement : a.snrDb > b.snrDb;

/**
 * The heart rate of an evenly spaced trace, or null with the reason. `method` forces one
 * extraction; by default ('auto') the method whose windows agree best is kept.
 */
export function estimateHeartRate(
  samples: readonly RgbSample[],
  fps: number,
  method: PulseMethod | 'auto' = 'auto',
): HeartRateEstimate {
  const durationSec = samples.length / fps;
  const regions = regionSeries(samples);
  const fallback: PulseMethod = method === 'auto' ? 'pos' : method;
  const none = (reason: string, m: PulseMethod = fallback, snrDb = -Infinity, qi = 0) => ({
    bpm: null,
    reason,
    snrDb: round1(Math.max(-99, snrDb)),
    qualityIndex: Math.round(qi * 100) / 100,
    quality: 'none' as const,
    method: m,
    regions: regions.length,
    hz: null,
  });
  if (durationSec < MIN_SEC)
    return {
      ...none(
        `only ${round1(durationSec)} s of skin trace; at least ${MIN_SEC} s are needed to check ` +
          `the pulse across ${WINDOW_SEC} s windows`,
      ),
      pulse: new Float64Array(0),
      series: [],
      candidateHz: null,
    };
  const times = samples.map((s) => s.t);
  const results = (method === 'auto' ? METHODS : [method]).map((m) =>
    runMethod(regions, fps, m, times),
  );
  const best = results.reduce((a, b) => (better(b, a) ? b : a));
  const length = Math.round(WINDOW_SEC * fps);
  const seriesOf = (answered: boolean) =>
    best.spectra.starts.map((start, w) => {
      const k = best.path[w];
      const hz = k === undefined ? null : k * best.spectra.binHz;
      const snr =
        hz === null
          ? -Infinity
          : snrAt(
              best.spectra.power[w]!,
              best.spectra.binHz,
              hz,
              PULSE_BAND.lowHz,
              PULSE_BAND.highHz,
            ).snrDb;
      return {
        t: round1((start + length / 2) / fps),
        bpm: answered && hz !== null ? round1(hz * 60) : null,
        snrDb: round1(Math.max(-99, snr)),
      };
    });
  const base = { pulse: best.pulse, series: seriesOf(false), candidateHz: best.hz };
  if (best.flat)
    return {
      ...none(
        'the skin color does not change (a still image or a frozen video): no pulse to measure',
        best.method,
      ),
      ...base,
    };
  const pct = Math.round(best.agreement * 100);
  if (best.agreement < MIN_AGREEMENT || best.hz === null)
    return {
      ...none(
        `insufficient signal: only ${pct}% of the ${WINDOW_SEC} s windows agree on one rate ` +
          `(at least ${MIN_AGREEMENT * 100}% needed)`,
        best.method,
        best.snrDb,
        best.agreement,
      ),
      ...base,
    };
  const floorDb = best.noiseDb + MIN_SNR_OVER_NOISE_DB;
  if (best.snrDb < floorDb)
    return {
      ...none(
        `insufficient signal: the pulse stands ${round1(best.snrDb - best.noiseDb)} dB above ` +
          `the noise level (at least ${MIN_SNR_OVER_NOISE_DB} dB needed)`,
        best.method,
        best.snrDb,
        best.agreement,
      ),
      ...base,
    };
  return {
    bpm: round1(best.hz * 60),
    reason: null,
    snrDb: round1(Math.min(99, best.snrDb)),
    qualityIndex: Math.round(best.agreement * 100) / 100,
    quality: best.agreement >= GOOD_AGREEMENT ? 'good' : 'low',
    method: best.method,
    regions: regions.length,
    hz: best.hz,
    candidateHz: best.hz,
    pulse: best.pulse,
    series: seriesOf(true),
  };
}
