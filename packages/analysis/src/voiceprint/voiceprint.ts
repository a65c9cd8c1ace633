// A voice template from the diarization features (MFCC, deltas, pitch per 0.25 s block), for
// a weak same-voice check. There is no trained speaker-embedding model on these machines, so
// this is a Gaussian per person compared by log-likelihood ratio against a background model:
// good enough to flag an obvious mismatch, never good enough to verify anyone on its own.
import { BLOCK_SEC, DIM, N_MFCC, type BlockStats } from '../diarize/features.js';
import {
  addTo,
  emptyPool,
  fit,
  logLikelihood,
  poolOf,
  type Model,
  type Pool,
} from '../diarize/gaussian.js';

/** Pooled, mean-normalised statistics of one person's voice (plain numbers, for storage). */
export interface VoiceTemplate {
  version: 1;
  /** Feature frames (25 ms hops) behind the template. */
  frames: number;
  n: number;
  sum: number[];
  sumSq: number[];
  outer: number[];
  voiced: number;
  f0Sum: number;
  f0SumSq: number;
}

export interface VoiceComparison {
  /** Mean log-likelihood ratio per frame: template against background; above 0 favours the template. */
  llr: number;
  /** llr at or above VOICE_MATCH_THRESHOLD; a weak signal, never the basis of a verification. */
  likelySame: boolean;
  frames: number;
  threshold: number;
}

/**
 * Per-frame LLR at or above which a voice is reported as likely the same. Measured on the
 * fixtures (voiceprint.test.ts): jfk's second half against his first scores above it, the
 * five FLEURS readers against jfk below.
 */
export const VOICE_MATCH_THRESHOLD = -0.01;
/** Fewer speech frames than this (2 s) give no comparison at all. */
export const MIN_VOICE_FRAMES = 80;

interface Range {
  start: number;
  end: number;
}

const inRanges = (b: BlockStats, ranges: readonly Range[]) => {
  const mid = (b.index + 0.5) * BLOCK_SEC;
  return ranges.some((r) => mid >= r.start && mid < r.end);
};

/** Blocks whose middle falls inside one of the ranges (all blocks without ranges). */
export function blocksIn(blocks: readonly BlockStats[], ranges?: readonly Range[]): BlockStats[] {
  return ranges
    ? blocks.filter((b) => b.n > 0 && inRanges(b, ranges))
    : blocks.filter((b) => b.n > 0);
}

/** The MFCC means of a pool: what cepstral mean normalisation removes (the channel, mostly). */
function cepstralMean(pool: Pool): Float64Array {
  const m = new Float64Array(DIM);
  if (pool.n === 0) return m;
  for (let d = 0; d < N_MFCC; d++) m[d] = pool.sum[d]! / pool.n;
  return m;
}

/** The same statistics as if every frame had had `m` subtracted (sums of x − m). */
function shifted(pool: Pool, m: Float64Array): Pool {
  const out = addTo(emptyPool(), pool);
  const n = pool.n;
  for (let d = 0; d < DIM; d++) {
    out.sumSq[d] = pool.sumSq[d]! - 2 * m[d]! * pool.sum[d]! + n * m[d]! ** 2;
    out.sum[d] = pool.sum[d]! - n * m[d]!;
  }
  let k = 0;
  for (let i = 0; i < N_MFCC; i++)
    for (let j = i; j < N_MFCC; j++, k++)
      out.outer[k] =
        pool.outer[k]! - m[i]! * pool.sum[j]! - pool.sum[i]! * m[j]! + n * m[i]! * m[j]!;
  return out;
}

const toTemplate = (p: Pool): VoiceTemplate => ({
  version: 1,
  frames: p.n,
  n: p.n,
  sum: [...p.sum],
  sumSq: [...p.sumSq],
  outer: [...p.outer],
  voiced: p.voiced,
  f0Sum: p.f0Sum,
  f0SumSq: p.f0SumSq,
});

const toPool = (t: VoiceTemplate): Pool => ({
  n: t.n,
  sum: Float64Array.from(t.sum),
  sumSq: Float64Array.from(t.sumSq),
  outer: Float64Array.from(t.outer),
  voiced: t.voiced,
  f0Sum: t.f0Sum,
  f0SumSq: t.f0SumSq,
});

/**
 * A template from a recording's blocks (e.g. the registration clip), optionally only the
 * speech ranges. Null when there is too little sound to model a voice.
 */
export function voiceTemplate(
  blocks: readonly BlockStats[],
  ranges?: readonly Range[],
): VoiceTemplate | null {
  const pool = poolOf(blocksIn(blocks, ranges));
  if (pool.n < MIN_VOICE_FRAMES) return null;
  return toTemplate(shifted(pool, cepstralMean(pool)));
}

/** Whether a stored value has the shape of a template (it comes back out of storage). */
export function isVoiceTemplate(x: unknown): x is VoiceTemplate {
  const t = x as Partial<VoiceTemplate> | null;
  return (
    !!t &&
    t.version === 1 &&
    Array.isArray(t.sum) &&
    t.sum.length === DIM &&
    Array.isArray(t.outer) &&
    typeof t.n === 'number'
  );
}

/**
 * The background model with the template's means (cepstral, pitch, voicing): mean-only
 * adaptation, as GMM-UBM verification does, since a few seconds of registration speech
 * cannot estimate a 12-dimensional covariance of their own.
 */
function adapted(background: Model, own: Pool): Model {
  const mean = new Float64Array(background.mean.length);
  for (let d = 0; d < mean.length; d++) mean[d] = own.sum[d]! / own.n;
  const f0Mean = own.voiced > 0 ? own.f0Sum / own.voiced : background.f0Mean;
  const voicedRate = Math.min(0.98, Math.max(0.02, own.voiced / own.n));
  return { ...background, mean, f0Mean, voicedRate };
}

/**
 * Compares one speaker of a recording (the blocks of their turns) to a template. The
 * background model is fitted to the template's and the whole recording's frames together, so
 * a voice explained better by "anyone in this comparison" than by the template scores low.
 * Null when the speaker has too little speech.
 */
export function compareVoice(
  template: VoiceTemplate,
  recording: readonly BlockStats[],
  speakerRanges: readonly Range[],
): VoiceComparison | null {
  const all = poolOf(blocksIn(recording));
  const speaker = poolOf(blocksIn(recording, speakerRanges));
  if (speaker.n < MIN_VOICE_FRAMES || template.n < MIN_VOICE_FRAMES) return null;
  const m = cepstralMean(speaker);
  const spk = shifted(speaker, m);
  const rest = shifted(all, m);
  const own = toPool(template);
  const background = fit(addTo(addTo(emptyPool(), own), rest));
  const llr =
    (logLikelihood(adapted(background, own), spk) - logLikelihood(background, spk)) / spk.n;
  return {
    llr,
    likelySame: llr >= VOICE_MATCH_THRESHOLD,
    frames: spk.n,
    threshold: VOICE_MATCH_THRESHOLD,
  };
}
