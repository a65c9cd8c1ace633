// Diagonal Gaussian speaker models fitted from block statistics (see features.ts).
import { DIM, N_MFCC, type BlockStats } from './features.js';

/** Pooled statistics of a set of blocks: a speaker, or a candidate one. */
export interface Pool {
  n: number;
  sum: Float64Array;
  sumSq: Float64Array;
  voiced: number;
  f0Sum: number;
  f0SumSq: number;
}

export const emptyPool = (): Pool => ({
  n: 0,
  sum: new Float64Array(DIM),
  sumSq: new Float64Array(DIM),
  voiced: 0,
  f0Sum: 0,
  f0SumSq: 0,
});

export function addTo(pool: Pool, b: Pool | BlockStats): Pool {
  pool.n += b.n;
  for (let d = 0; d < DIM; d++) {
    pool.sum[d]! += b.sum[d]!;
    pool.sumSq[d]! += b.sumSq[d]!;
  }
  pool.voiced += b.voiced;
  pool.f0Sum += b.f0Sum;
  pool.f0SumSq += b.f0SumSq;
  return pool;
}

export const poolOf = (items: readonly (Pool | BlockStats)[]): Pool =>
  items.reduce<Pool>((p, b) => addTo(p, b), emptyPool());

/**
 * Dimensions the speaker models use: the 12 MFCCs. The deltas' means are near zero for every
 * speaker (Fisher ratio 0.00 between the two voices of the fixture, against up to 0.6 for
 * the MFCCs), so modelling them only adds noise to the likelihoods; their spread is used in
 * the embeddings instead.
 */
export const MODEL_DIM = N_MFCC;

/** A fitted model: per-dimension mean and variance, and a 1-D Gaussian over voiced log-f0. */
export interface Model {
  mean: Float64Array;
  variance: Float64Array;
  f0Mean: number;
  f0Variance: number;
  /** Share of frames that are voiced, for a Bernoulli term (speakers differ in it a little). */
  voicedRate: number;
}

// Variance floors: a cluster of a few near-identical frames must not get a spike.
const VAR_FLOOR = 1e-2;
const F0_VAR_FLOOR = 1e-3; // (log-f0)², about ±3 % in pitch

export function fit(pool: Pool, floorFrom?: Model): Model {
  const mean = new Float64Array(MODEL_DIM);
  const variance = new Float64Array(MODEL_DIM);
  for (let d = 0; d < MODEL_DIM; d++) {
    const m = pool.n > 0 ? pool.sum[d]! / pool.n : 0;
    mean[d] = m;
    const floor = floorFrom ? floorFrom.variance[d]! * 0.05 : VAR_FLOOR;
    variance[d] = Math.max(floor, pool.n > 0 ? pool.sumSq[d]! / pool.n - m * m : 1);
  }
  const f0Mean = pool.voiced > 0 ? pool.f0Sum / pool.voiced : 0;
  const f0Variance = Math.max(
    F0_VAR_FLOOR,
    pool.voiced > 1 ? pool.f0SumSq / pool.voiced - f0Mean * f0Mean : 0.05,
  );
  const voicedRate = Math.min(0.98, Math.max(0.02, pool.n > 0 ? pool.voiced / pool.n : 0.5));
  return { mean, variance, f0Mean, f0Variance, voicedRate };
}

const LOG_2PI = Math.log(2 * Math.PI);

/**
 * Log-likelihood of the frames summarised by `b` under `m`, computed from the sums alone:
 * Σ_t log N(x_t) = −½ Σ_d [n log 2πσ² + (Σx² − 2μΣx + nμ²) / σ²], plus the pitch terms.
 */
export function logLikelihood(m: Model, b: Pool | BlockStats): number {
  if (b.n === 0) return 0;
  let ll = 0;
  for (let d = 0; d < MODEL_DIM; d++) {
    const v = m.variance[d]!;
    const mu = m.mean[d]!;
    ll -= 0.5 * (b.n * (LOG_2PI + Math.log(v)) + (b.sumSq[d]! - 2 * mu * b.sum[d]! + b.n * mu * mu) / v);
  }
  if (b.voiced > 0) {
    const v = m.f0Variance;
    const mu = m.f0Mean;
    ll -= 0.5 * (b.voiced * (LOG_2PI + Math.log(v)) + (b.f0SumSq - 2 * mu * b.f0Sum + b.voiced * mu * mu) / v);
  }
  ll += b.voiced * Math.log(m.voicedRate) + (b.n - b.voiced) * Math.log(1 - m.voicedRate);
  return ll;
}

/** Log-likelihood of a pool under its own maximum-likelihood model. */
export const selfLikelihood = (pool: Pool): number => logLikelihood(fit(pool), pool);

/** Free parameters of one model: mean and variance per dimension, pitch mean and variance, rate. */
export const MODEL_PARAMS = 2 * MODEL_DIM + 3;

/**
 * ΔBIC of keeping `a` and `b` apart rather than merged (Chen & Gopalakrishnan 1998):
 * positive when the split explains the frames better than its extra parameters cost.
 */
export function deltaBic(a: Pool, b: Pool, lambda: number, totalFrames: number): number {
  const merged = addTo(addTo(emptyPool(), a), b);
  const gain = selfLikelihood(a) + selfLikelihood(b) - selfLikelihood(merged);
  return gain - lambda * 0.5 * MODEL_PARAMS * Math.log(Math.max(2, totalFrames));
}
