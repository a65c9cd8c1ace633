// Speaker diarization over VAD segments and per-block voice statistics (features.ts).
//
// 1. Embeddings: per 1.5 s window (hop 0.75 s) the MFCC means normalised per recording
//    (CMVN), the spread of the MFCCs and of their deltas relative to the recording's, and
//    pitch level and voicing rate (YIN log-f0).
// 2. Over-clustering of the windows with k-means (ml-kmeans, fixed seed, 16 clusters).
// 3. Each cluster is modelled as a distribution: a full-covariance Gaussian over its frames'
//    MFCCs plus a Gaussian over voiced log-f0 (gaussian.ts). Clusters are merged bottom-up by
//    ΔBIC until no merge pays for its parameters (the speaker-count estimate) or, when the
//    caller knows it, down to the number of participants.
// 4. Resegmentation (the label smoothing): Viterbi over the 0.25 s blocks with the speaker
//    models as emissions and a fixed cost per change of speaker, re-fitted and re-merged
//    until the labels settle.
// 5. Turns are re-cut where the label changes inside a VAD segment, and marked `overlap`
//    by the heuristic in markOverlap.
//
// Tuning (λ = 4, change cost 150 nats, 16 initial clusters) was chosen on the fixtures:
// two-speakers.wav must give 2 speakers, jfk.wav, a FLEURS clip and talking-face.mp4 one.
// It is fragile: 24 initial clusters, or λ below 2, change the count on the fixture.
import { kmeans } from 'ml-kmeans';
import { round3, type Segment } from '../vad.js';
import { BLOCK_SEC, DIM, N_MFCC, type BlockStats } from './features.js';
import {
  addTo,
  deltaBic,
  emptyPool,
  fit,
  logLikelihood,
  poolOf,
  type Model,
  type Pool,
} from './gaussian.js';

export interface DiarizedTurn {
  speaker: string;
  start: number;
  end: number;
  /** Another voice is probably heard during part of this turn (see markOverlap). */
  overlap?: boolean;
}

/**
 * A learned speaker embedding (x-vector, ECAPA, ResNet…): one vector per window of mono
 * speech at `sampleRate`. Vectors of one voice point the same way (cosine similarity).
 */
export type SpeakerEmbedder = (samples: Float32Array, sampleRate: number) => Float32Array;

/** The recording's samples (16 kHz mono) between two times in seconds. */
export type SampleReader = (startSec: number, endSec: number) => Float32Array;

export interface DiarizeOptions {
  /** Number of speakers when known; estimated (1…maxSpeakers) otherwise. */
  speakers?: number;
  maxSpeakers?: number;
  /** Pauses shorter than this stay inside one speaker's turn (seconds). */
  maxGapSec?: number;
  /** Tuning; the defaults were chosen on the fixtures (see diarize.test.ts). */
  bicLambda?: number;
  switchPenalty?: number;
  /**
   * A learned speaker embedding, used instead of the hand-made voice statistics to decide
   * who speaks when; needs `audio`. The block statistics still mark overlaps.
   */
  embedder?: SpeakerEmbedder;
  /** The recording, whole or as a reader by time, for the embedder. */
  audio?: Float32Array | SampleReader;
}

export interface Diarization {
  turns: DiarizedTurn[];
  speakerCount: number;
}

const WINDOW_BLOCKS = 6; // 1.5 s
const HOP_BLOCKS = 3; // 0.75 s
const DEFAULT_LAMBDA = 4;
const DEFAULT_SWITCH_PENALTY = 150;
const REFINE_ROUNDS = 15;
const INITIAL_CLUSTERS = 16;

interface Labelled {
  block: BlockStats;
  /** Part of the block inside speech, clipped to its VAD segment. */
  start: number;
  end: number;
  segment: number;
  label: number;
}

/** Blocks overlapping a VAD segment, each clipped to it (a block may straddle two). */
export function speechBlocks(
  blocks: readonly BlockStats[],
  speech: readonly Segment[],
): Labelled[] {
  const byIndex = new Map(blocks.map((b) => [b.index, b]));
  const out: Labelled[] = [];
  speech.forEach((s, segment) => {
    const first = Math.floor(s.start / BLOCK_SEC);
    const last = Math.ceil(s.end / BLOCK_SEC) - 1;
    for (let i = first; i <= last; i++) {
      const start = Math.max(s.start, i * BLOCK_SEC);
      const end = Math.min(s.end, (i + 1) * BLOCK_SEC);
      if (end - start < 1e-6) continue;
      const block = byIndex.get(i) ?? { ...emptyPool(), index: i };
      out.push({ block, start, end, segment, label: -1 });
    }
  });
  return out;
}

/** Per-recording mean and standard deviation of every frame dimension (CMVN). */
interface Cmvn {
  mean: Float64Array;
  sd: Float64Array;
}

export function cmvnOf(pool: Pool): Cmvn {
  const mean = new Float64Array(DIM);
  const sd = new Float64Array(DIM);
  for (let d = 0; d < DIM; d++) {
    mean[d] = pool.sum[d]! / pool.n;
    sd[d] = Math.sqrt(Math.max(1e-6, pool.sumSq[d]! / pool.n - mean[d]! ** 2));
  }
  return { mean, sd };
}

/**
 * Embedding of a window, every part normalised per recording: the MFCC means (CMVN), the
 * spread of the MFCCs and of their deltas relative to the recording's (articulation and
 * speaking-rate differences), and the pitch level and voicing rate.
 */
export function embed(pool: Pool, cmvn: Cmvn, globalModel: Model): number[] {
  const out: number[] = [];
  for (let d = 0; d < N_MFCC; d++) {
    const mean = pool.n ? pool.sum[d]! / pool.n : cmvn.mean[d]!;
    out.push((mean - cmvn.mean[d]!) / cmvn.sd[d]!);
  }
  for (let d = 0; d < DIM; d++) {
    const mean = pool.n ? pool.sum[d]! / pool.n : 0;
    const variance = pool.n ? Math.max(0, pool.sumSq[d]! / pool.n - mean * mean) : 0;
    out.push(Math.sqrt(variance) / cmvn.sd[d]! - 1);
  }
  // Pitch counts as much as a few cepstral dimensions: it separates voices when present.
  const f0 = pool.voiced ? pool.f0Sum / pool.voiced : globalModel.f0Mean;
  const pitchZ = (f0 - globalModel.f0Mean) / Math.sqrt(globalModel.f0Variance);
  out.push(PITCH_WEIGHT * pitchZ);
  out.push(pool.n ? (pool.voiced / pool.n - globalModel.voicedRate) * 2 : 0);
  return out;
}

const PITCH_WEIGHT = 2;

const SEED = 42;

interface Window {
  from: number;
  to: number;
}

/** Windows of WINDOW_BLOCKS blocks every HOP_BLOCKS inside each VAD segment; a short segment is one. */
export function windowsOf(items: readonly Labelled[]): Window[] {
  const windows: Window[] = [];
  let i = 0;
  while (i < items.length) {
    let j = i;
    while (j < items.length && items[j]!.segment === items[i]!.segment) j++;
    if (j - i <= WINDOW_BLOCKS) windows.push({ from: i, to: j });
    else
      for (let w = i; w < j; w += HOP_BLOCKS) {
        windows.push({ from: w, to: Math.min(j, w + WINDOW_BLOCKS) });
        if (w + WINDOW_BLOCKS >= j) break; // this window reaches the segment's end
      }
    i = j;
  }
  return windows;
}

/** k-means (ml-kmeans, seeded, so runs repeat exactly) of the window embeddings, as block labels. */
function initialLabels(
  items: readonly Labelled[],
  windows: readonly Window[],
  embeddings: number[][],
  k: number,
): number[] {
  const ids =
    k === 1
      ? embeddings.map(() => 0)
      : kmeans(embeddings, k, { seed: SEED, initialization: 'kmeans++' }).clusters;
  // Each block takes the label of the window whose centre is nearest to it.
  const labels = new Array<number>(items.length).fill(0);
  windows.forEach((w, wi) => {
    const centre = (w.from + w.to - 1) / 2;
    for (let t = w.from; t < w.to; t++) {
      const prev = windows[wi - 1];
      const prevCentre = prev ? (prev.from + prev.to - 1) / 2 : -Infinity;
      if (prev && t < prev.to && Math.abs(t - prevCentre) <= Math.abs(t - centre)) continue;
      labels[t] = ids[wi]!;
    }
  });
  return labels;
}

/** Pools per label 0…k−1 (empty labels give empty pools). */
function poolsOf(items: readonly Labelled[], k: number): Pool[] {
  const pools = Array.from({ length: k }, emptyPool);
  for (const x of items) addTo(pools[x.label]!, x.block);
  return pools;
}

/** Renumbers labels densely, dropping empty clusters; returns the new count. */
function compact(items: Labelled[]): number {
  const map = new Map<number, number>();
  for (const x of items) {
    if (!map.has(x.label)) map.set(x.label, map.size);
    x.label = map.get(x.label)!;
  }
  return map.size;
}

/** Bottom-up merging by ΔBIC; stops at `target` clusters, or when no merge is worth it. */
function mergeClusters(
  items: Labelled[],
  k: number,
  totalFrames: number,
  lambda: number,
  target: number | undefined,
  reference: Model,
): number {
  const pools = poolsOf(items, k);
  const alive = pools.map((p) => p.n > 0);
  let count = alive.filter(Boolean).length;
  const minCount = target ?? 1;
  while (count > minCount) {
    let best: [number, number] | undefined;
    let bestScore = Infinity;
    for (let a = 0; a < k; a++)
      for (let b = a + 1; b < k; b++) {
        if (!alive[a] || !alive[b]) continue;
        const score = deltaBic(pools[a]!, pools[b]!, lambda, totalFrames, reference);
        if (score < bestScore) [best, bestScore] = [[a, b], score];
      }
    if (!best || (target === undefined && bestScore > 0)) break;
    const [a, b] = best;
    addTo(pools[a]!, pools[b]!);
    alive[b] = false;
    for (const x of items) if (x.label === b) x.label = a;
    count--;
  }
  return compact(items);
}

/**
 * Viterbi over the blocks in time order: emissions are the blocks' log-likelihoods under
 * each speaker model, and every change of speaker costs `penalty` (label smoothing).
 * Returns the per-block log-likelihoods too, for the overlap marking.
 */
function resegment(items: Labelled[], models: readonly Model[], penalty: number): number[][] {
  const k = models.length;
  const emissions = items.map((x) => models.map((m) => logLikelihood(m, x.block)));
  if (items.length === 0 || k < 2) {
    for (const x of items) x.label = 0;
    return emissions;
  }
  const back: Int8Array[] = [];
  let score = emissions[0]!.slice();
  for (let t = 1; t < items.length; t++) {
    let bestPrev = 0;
    for (let s = 1; s < k; s++) if (score[s]! > score[bestPrev]!) bestPrev = s;
    const ptr = new Int8Array(k);
    const next = new Array<number>(k);
    for (let s = 0; s < k; s++) {
      const stay = score[s]!;
      const move = score[bestPrev]! - penalty;
      if (stay >= move) [next[s], ptr[s]] = [stay, s];
      else [next[s], ptr[s]] = [move, bestPrev];
      next[s]! += emissions[t]![s]!;
    }
    back.push(ptr);
    score = next;
  }
  let s = 0;
  for (let i = 1; i < k; i++) if (score[i]! > score[s]!) s = i;
  for (let t = items.length - 1; t >= 0; t--) {
    items[t]!.label = s;
    if (t > 0) s = back[t - 1]![s]!;
  }
  return emissions;
}

// A block is ambiguous when, per frame, its best speaker beats the second by less than this
// many nats; see markOverlap.
const AMBIGUOUS_NATS_PER_FRAME = 0.35;

/**
 * Overlap heuristic. One microphone gives no direct evidence of two voices, so a turn is
 * marked when at least two consecutive blocks (≥ 0.5 s) inside it fit the turn's speaker
 * and another speaker about equally well (a mixture sits between both models) while that
 * other speaker also talks within 2 s. It finds overlaps at turn changes and back-channel
 * ("mm", "yeah") over someone else; it misses overlaps where one voice dominates.
 */
function markOverlap(
  turns: DiarizedTurn[],
  items: readonly Labelled[],
  emissions: number[][],
  names: string[],
): void {
  const ambiguous: { start: number; end: number; other: string }[] = [];
  let run: { start: number; end: number; other: number; count: number } | undefined;
  items.forEach((x, t) => {
    const e = emissions[t]!;
    const own = e[x.label]!;
    let other = -1;
    for (let s = 0; s < e.length; s++)
      if (s !== x.label && (other < 0 || e[s]! > e[other]!)) other = s;
    const close =
      other >= 0 && x.block.n > 0 && (own - e[other]!) / x.block.n < AMBIGUOUS_NATS_PER_FRAME;
    if (close && run && run.other === other && x.start - run.end < 0.05) {
      run.end = x.end;
      run.count++;
    } else {
      if (run && run.count >= 2)
        ambiguous.push({ start: run.start, end: run.end, other: names[run.other]! });
      run = close ? { start: x.start, end: x.end, other, count: 1 } : undefined;
    }
  });
  if (run && run.count >= 2)
    ambiguous.push({ start: run.start, end: run.end, other: names[run.other]! });
  for (const a of ambiguous) {
    const near = turns.some(
      (t) => t.speaker === a.other && t.start < a.end + 2 && t.end > a.start - 2,
    );
    if (!near) continue;
    for (const t of turns)
      if (t.speaker !== a.other && t.start < a.end && t.end > a.start) t.overlap = true;
  }
}

/**
 * Speaker turns from VAD segments and the recording's block statistics. Speakers are named
 * speaker_00, speaker_01 … in order of first appearance.
 */
export function diarize(
  blocks: readonly BlockStats[],
  speech: readonly Segment[],
  opts: DiarizeOptions = {},
): Diarization {
  const items = speechBlocks(
    blocks,
    [...speech].sort((a, b) => a.start - b.start),
  );
  const totalFrames = items.reduce((a, x) => a + x.block.n, 0);
  if (items.length === 0 || totalFrames === 0) return { turns: [], speakerCount: 0 };
  const maxSpeakers = Math.max(1, opts.maxSpeakers ?? 8);
  const target = opts.speakers !== undefined ? Math.max(1, Math.round(opts.speakers)) : undefined;
  const lambda = opts.bicLambda ?? DEFAULT_LAMBDA;
  const penalty = opts.switchPenalty ?? DEFAULT_SWITCH_PENALTY;

  const globalPool = poolOf(items.map((x) => x.block));
  const globalModel = fit(globalPool);
  const windows = windowsOf(items);
  const embeddings = windows.map((w) =>
    embed(poolOf(items.slice(w.from, w.to).map((x) => x.block)), cmvnOf(globalPool), globalModel),
  );
  // Over-cluster the windows with k-means, then merge bottom-up by ΔBIC: down to the
  // participants when known, else until no merge pays for itself (the count estimate).
  const init = initialLabels(
    items,
    windows,
    embeddings,
    Math.min(windows.length, INITIAL_CLUSTERS),
  );
  items.forEach((x, t) => (x.label = init[t]!));
  let k = compact(items);
  k = mergeClusters(items, k, totalFrames, lambda, target, globalModel);
  if (target === undefined && k > maxSpeakers)
    k = mergeClusters(items, k, totalFrames, lambda, maxSpeakers, globalModel);
  // Resegmentation (Viterbi with the speakers' models) and re-merging until stable.
  for (let round = 0; round < REFINE_ROUNDS; round++) {
    const before = items.map((x) => x.label);
    const models = poolsOf(items, k).map((p) => fit(p, globalModel));
    resegment(items, models, penalty);
    k = mergeClusters(items, compact(items), totalFrames, lambda, target, globalModel);
    if (items.every((x, t) => x.label === before[t])) break;
  }
  const finalModels = poolsOf(items, k).map((p) => fit(p, globalModel));
  const emissions = items.map((x) => finalModels.map((m) => logLikelihood(m, x.block)));

  // Name by first appearance.
  const order = new Map<number, number>();
  for (const x of items) if (!order.has(x.label)) order.set(x.label, order.size);
  const names = Array.from(
    { length: k },
    (_, label) => `speaker_${String(order.get(label) ?? label).padStart(2, '0')}`,
  );

  const maxGap = opts.maxGapSec ?? 1;
  const turns: DiarizedTurn[] = [];
  for (const x of items) {
    const speaker = names[x.label]!;
    const last = turns[turns.length - 1];
    if (last && last.speaker === speaker && x.start - last.end <= maxGap)
      last.end = Math.max(last.end, x.end);
    else turns.push({ speaker, start: x.start, end: x.end });
  }
  markOverlap(turns, items, emissions, names);
  return {
    turns: turns.map((t) => ({ ...t, start: round3(t.start), end: round3(t.end) })),
    speakerCount: order.size,
  };
}
