// Gaussian speaker models fitted from block statistics (see features.ts): a full-covariance
// Gaussian over the MFCCs plus a 1-D Gaussian over voiced log-f0 and a voicing rate.
import { DIM, N_MFCC, OUTER, emptySums, type BlockStats } from './features.js';

/** Pooled statistics of a set of blocks (a speaker, or a candidate one): a block's sums, summed. */
export type Pool = Omit<BlockStats, 'index'>;

export const emptyPool: () => Pool = emptySums;

export function addTo(pool: Pool, b: Pool | BlockStats): Pool {
  pool.n += b.n;
  for (let d = 0; d < DIM; d++) {
    pool.sum[d]! += b.sum[d]!;
    pool.sumSq[d]! += b.sumSq[d]!;
  }
  for (let k = 0; k < OUTER; k++) pool.outer[k]! += b.outer[k]!;
  pool.voiced += b.voiced;
  pool.f0Sum += b.f0Sum;
  pool.f0SumSq += b.f0SumSq;
  return pool;
}

export const poolOf = (items: readonly (Pool | BlockStats)[]): Pool =>
  items.reduce<Pool>((p, b) => addTo(p, b), emptyPool());

/**
 * Dimensions the speaker models use: the 12 MFCCs, with full covariance (voices differ in
 * how the cepstral coefficients move together, not only in their means). The deltas'
 * means are near zero for every speaker (Fisher ratio 0.00 between the two voices of the
 * fixture, against up to 0.6 for the MFCCs), so modelling them only adds noise; their
 * spread is used in the embeddings instead.
 */
const D = N_MFCC;

/** A fitted model. */
export interface Model {
  mean: Float64Array;
  /** Inverse covariance, full D × D, row-major. */
  precision: Float64Array;
  logDet: number;
  f0Mean: number;
  f0Variance: number;
  /** Share of frames that are voiced, for a Bernoulli term. */
  voicedRate: number;
}

// Ridge added to the covariance diagonal, relative to the recording's variance when known:
// a cluster of a few near-identical frames must not get a spike.
const RIDGE = 0.02;
const F0_VAR_FLOOR = 1e-3; // (log-f0)², about ±3 % in pitch

const tri = (i: number, j: number): number => {
  const [a, b] = i <= j ? [i, j] : [j, i];
  return a * D - (a * (a - 1)) / 2 + (b - a);
};

/** Cholesky of a symmetric positive-definite matrix; returns L (row-major) or null. */
function cholesky(a: Float64Array): Float64Array | null {
  const l = new Float64Array(D * D);
  for (let i = 0; i < D; i++)
    for (let j = 0; j <= i; j++) {
      let s = a[i * D + j]!;
      for (let k = 0; k < j; k++) s -= l[i * D + k]! * l[j * D + k]!;
      if (i === j) {
        if (s <= 0) return null;
        l[i * D + i] = Math.sqrt(s);
      } else l[i * D + j] = s / l[j * D + j]!;
    }
  return l;
}

/** Inverse from a Cholesky factor: solve L Lᵀ X = I column by column. */
function inverseFromCholesky(l: Float64Array): Float64Array {
  const inv = new Float64Array(D * D);
  const y = new Float64Array(D);
  for (let c = 0; c < D; c++) {
    for (let i = 0; i < D; i++) {
      let s = i === c ? 1 : 0;
      for (let k = 0; k < i; k++) s -= l[i * D + k]! * y[k]!;
      y[i] = s / l[i * D + i]!;
    }
    for (let i = D - 1; i >= 0; i--) {
      let s = y[i]!;
      for (let k = i + 1; k < D; k++) s -= l[k * D + i]! * inv[k * D + c]!;
      inv[i * D + c] = s / l[i * D + i]!;
    }
  }
  return inv;
}

export function fit(pool: Pool, reference?: Model): Model {
  const n = Math.max(pool.n, 1);
  const mean = new Float64Array(D);
  for (let d = 0; d < D; d++) mean[d] = pool.sum[d]! / n;
  const cov = new Float64Array(D * D);
  for (let i = 0; i < D; i++)
    for (let j = 0; j < D; j++) cov[i * D + j] = pool.outer[tri(i, j)]! / n - mean[i]! * mean[j]!;
  for (let d = 0; d < D; d++) {
    const scale = reference ? 1 / reference.precision[d * D + d]! : Math.max(cov[d * D + d]!, 1);
    cov[d * D + d]! += RIDGE * scale;
  }
  let l = cholesky(cov);
  // Not positive definite (too few frames): fall back to the diagonal.
  if (!l) {
    for (let i = 0; i < D; i++) for (let j = 0; j < D; j++) if (i !== j) cov[i * D + j] = 0;
    for (let d = 0; d < D; d++) cov[d * D + d] = Math.max(cov[d * D + d]!, 1e-3);
    l = cholesky(cov)!;
  }
  let logDet = 0;
  for (let d = 0; d < D; d++) logDet += 2 * Math.log(l[d * D + d]!);
  const f0Mean = pool.voiced > 0 ? pool.f0Sum / pool.voiced : 0;
  const f0Variance = Math.max(
    F0_VAR_FLOOR,
    pool.voiced > 1 ? pool.f0SumSq / pool.voiced - f0Mean * f0Mean : 0.05,
  );
  const voicedRate = Math.min(0.98, Math.max(0.02, pool.n > 0 ? pool.voiced / pool.n : 0.5));
  return { mean, precision: inverseFromCholesky(l), logDet, f0Mean, f0Variance, voicedRate };
}

const LOG_2PI = Math.log(2 * Math.PI);

/**
 * Log-likelihood of the frames summarised by `b` under `m`, from the sums alone:
 * Σ_t log N(x_t) = −½ [n (D log 2π + log|Σ|) + tr(Σ⁻¹ S)], S = Σ (x−μ)(x−μ)ᵀ
 * = Σxxᵀ − μ Σxᵀ − Σx μᵀ + n μμᵀ; plus the pitch and voicing terms.
 */
export function logLikelihood(m: Model, b: Pool | BlockStats): number {
  if (b.n === 0) return 0;
  let trace = 0;
  for (let i = 0; i < D; i++)
    for (let j = 0; j < D; j++) {
      const s =
        b.outer[tri(i, j)]! -
        m.mean[i]! * b.sum[j]! -
        b.sum[i]! * m.mean[j]! +
        b.n * m.mean[i]! * m.mean[j]!;
      trace += m.precision[i * D + j]! * s;
    }
  let ll = -0.5 * (b.n * (D * LOG_2PI + m.logDet) + trace);
  if (b.voiced > 0) {
    const v = m.f0Variance;
    const mu = m.f0Mean;
    ll -=
      0.5 *
      (b.voiced * (LOG_2PI + Math.log(v)) +
        (b.f0SumSq - 2 * mu * b.f0Sum + b.voiced * mu * mu) / v);
  }
  ll += b.voiced * Math.log(m.voicedRate) + (b.n - b.voiced) * Math.log(1 - m.voicedRate);
  return ll;
}

/** Log-likelihood of a pool under its own maximum-likelihood model. */
export const selfLikelihood = (pool: Pool, reference?: Model): number =>
  logLikelihood(fit(pool, reference), pool);

/** Free parameters of one model: mean, covariance, pitch mean and variance, voicing rate. */
export const MODEL_PARAMS = D + (D * (D + 1)) / 2 + 3;

/**
 * ΔBIC of keeping `a` and `b` apart rather than merged (Chen & Gopalakrishnan 1998):
 * positive when the split explains the frames better than its extra parameters cost.
 */
export function deltaBic(
  a: Pool,
  b: Pool,
  lambda: number,
  totalFrames: number,
  reference?: Model,
): number {
  const merged = addTo(addTo(emptyPool(), a), b);
  const gain =
    selfLikelihood(a, reference) + selfLikelihood(b, reference) - selfLikelihood(merged, reference);
  return gain - lambda * 0.5 * MODEL_PARAMS * Math.log(Math.max(2, totalFrames));
}
