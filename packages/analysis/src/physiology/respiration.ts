/** Breathing rate from the skin colour trace and from the heart-rate modulation. */
import { tachogram } from './beats.js';
import { bandpass, detrendLinear } from './filter.js';
import { dominantPeak, welch } from './spectrum.js';
import type { Respiration, RgbSample } from './types.js';

/** 6–30 breaths per minute. */
export const BREATH_BAND = { lowHz: 0.1, highHz: 0.5 } as const;
/** Below this a 0.1 Hz rhythm fits fewer than two cycles in the trace. */
const MIN_SEC = 20;
const GOOD_SEC = 60;
/** Share of the band's power at the peak above which one rhythm clearly dominates. */
const CLEAR_SHARE = 0.3;
/** Rate of the resampled heart period series. */
const TACHOGRAM_HZ = 4;

function rateOf(signal: Float64Array, rate: number): { hz: number; share: number } | null {
  if (signal.length < MIN_SEC * rate) return null;
  const x = bandpass(detrendLinear(signal), rate, BREATH_BAND.lowHz, BREATH_BAND.highHz);
  // Segments of 30 s (at least three slow breaths) or the whole trace when shorter.
  const segment = Math.min(x.length, Math.round(30 * rate));
  return dominantPeak(
    welch(x, rate, segment, Math.round(segment / 4), 4096),
    BREATH_BAND.lowHz,
    BREATH_BAND.highHz,
  );
}

/**
 * Breathing shows in camera traces twice: as a slow change of skin brightness (chest and head
 * movement, venous return) and as respiratory sinus arrhythmia, the heart speeding up on the
 * in-breath. Each is read as the dominant rhythm in 0.1–0.5 Hz; the clearer of the two wins.
 */
export function estimateRespiration(
  samples: readonly RgbSample[],
  fps: number,
  beats: readonly number[],
): Respiration {
  const durationSec = samples.length / fps;
  const brightness = Float64Array.from(samples, (s) => s.r + s.g + s.b);
  const fromTrace = rateOf(brightness, fps);
  const fromHeart = rateOf(tachogram(beats, TACHOGRAM_HZ), TACHOGRAM_HZ);
  const pick =
    fromHeart && (!fromTrace || fromHeart.share > fromTrace.share)
      ? { ...fromHeart, source: 'heart-rate' as const }
      : fromTrace
        ? { ...fromTrace, source: 'trace' as const }
        : null;
  if (!pick) return { breathsPerMinute: null, source: null, quality: 'none' };
  return {
    breathsPerMinute: Math.round(pick.hz * 60 * 10) / 10,
    source: pick.source,
    quality: durationSec >= GOOD_SEC && pick.share >= CLEAR_SHARE ? 'good' : 'low',
  };
}
