// Frame-level voice features for diarization, reduced on the fly to per-block sufficient
// statistics so a two-hour recording costs a few megabytes instead of its samples.
import meyda from 'meyda';
import { YIN } from 'pitchfinder';
import { SAMPLE_RATE } from '../decode.js';

/**
 * The part of meyda used here. Its types describe an ES module's default export, but Node
 * loads its CommonJS build whose module.exports is that object, so the declared and the
 * real shapes differ under NodeNext resolution; this interface states the real one.
 */
interface MeydaApi {
  bufferSize: number;
  sampleRate: number;
  numberOfMFCCCoefficients: number;
  extract(features: 'mfcc'[], signal: Float32Array): { mfcc?: number[] } | null;
}
const Meyda = meyda as unknown as MeydaApi;

/** Analysis window: 32 ms, a power of two as meyda's FFT requires. */
export const FRAME = 512;
/** Hop between frames: 25 ms, i.e. 40 frames a second. */
export const HOP = 400;
/** Frames per block; a block (0.25 s) is the time resolution of speaker labels. */
export const FRAMES_PER_BLOCK = 10;
export const BLOCK_SEC = (HOP * FRAMES_PER_BLOCK) / SAMPLE_RATE;
/** MFCC c1…c12; c0 is loudness, which says more about the microphone than the voice. */
export const N_MFCC = 12;
/** Dimensions of a frame vector: 12 MFCCs and their 12 deltas. */
export const DIM = 2 * N_MFCC;
/** Entries of the upper triangle of an N_MFCC × N_MFCC matrix. */
export const OUTER = (N_MFCC * (N_MFCC + 1)) / 2;
// Regression deltas over ±2 frames (the HTK formula): d_t = Σ k (c_{t+k} − c_{t−k}) / (2 Σ k²).
const DELTA_SPAN = 2;
const DELTA_NORM = 2 * (1 + 4);
// Frames quieter than this (RMS) are digital silence or near it: their MFCCs are noise.
const MIN_RMS = 3e-4;
// pitchfinder's YIN searches lags up to a quarter of the buffer it is given (it halves the
// buffer, then compares halves): 1024 samples reach down to 62.5 Hz.
const PITCH_FRAME = 1024;
const MIN_F0 = 65;
const MAX_F0 = 400;

/**
 * Sufficient statistics of the frames of one block: enough to fit a diagonal Gaussian to any
 * union of blocks (a speaker) and to compute embeddings, without keeping the frames.
 */
export interface BlockStats {
  /** Block index; the block covers [index × BLOCK_SEC, (index + 1) × BLOCK_SEC). */
  index: number;
  /** Frames counted (voiced or not, above the silence floor). */
  n: number;
  sum: Float64Array;
  sumSq: Float64Array;
  /** Σ x xᵀ over the MFCC dimensions, upper triangle row by row (N_MFCC·(N_MFCC+1)/2). */
  outer: Float64Array;
  /** Voiced frames and the sums of their log-f0. */
  voiced: number;
  f0Sum: number;
  f0SumSq: number;
}

/** The sums of no frames at all: a block before its first frame, or an empty pool of blocks. */
export const emptySums = (): Omit<BlockStats, 'index'> => ({
  n: 0,
  sum: new Float64Array(DIM),
  sumSq: new Float64Array(DIM),
  outer: new Float64Array(OUTER),
  voiced: 0,
  f0Sum: 0,
  f0SumSq: 0,
});

const emptyBlock = (index: number): BlockStats => ({ index, ...emptySums() });

interface FrameOut {
  mfcc: Float64Array;
  logF0: number | null;
  /** Below the silence floor: kept for the delta context, not counted. */
  silent: boolean;
}

/**
 * Streaming feature extractor: push PCM chunks of any size, then `finish()` for the blocks.
 * Deltas need two frames of look-ahead, so a frame is reduced two frames after it is read.
 */
export class VoiceFeatures {
  private pending = new Float32Array(0);
  /** Samples at the start of `pending` that were already framed (pitch history). */
  private pendingHistory = 0;
  private frameIndex = 0;
  private readonly recent: FrameOut[] = [];
  private readonly blocks = new Map<number, BlockStats>();
  private readonly pitch = YIN({ sampleRate: SAMPLE_RATE, threshold: 0.15 });
  private emitted = 0;

  constructor() {
    // meyda is configured through its module object (see its issue #257): set it per use.
    Meyda.bufferSize = FRAME;
    Meyda.sampleRate = SAMPLE_RATE;
    Meyda.numberOfMFCCCoefficients = N_MFCC + 1;
  }

  push(chunk: Float32Array): void {
    // `pending` keeps the samples not yet framed plus PITCH_FRAME − FRAME of history, so the
    // pitch window (which ends where the MFCC frame ends) is available for every frame.
    const data = new Float32Array(this.pending.length + chunk.length);
    data.set(this.pending);
    data.set(chunk, this.pending.length);
    let at = this.pendingHistory;
    while (at + FRAME <= data.length) {
      const pitchFrom = at + FRAME - PITCH_FRAME;
      this.recent.push(
        this.analyse(
          data.subarray(at, at + FRAME),
          pitchFrom >= 0 ? data.subarray(pitchFrom, at + FRAME) : undefined,
        ),
      );
      this.frameIndex++;
      this.reduceReady(false);
      at += HOP;
    }
    const keepFrom = Math.max(0, at - (PITCH_FRAME - FRAME));
    this.pending = data.slice(keepFrom);
    this.pendingHistory = at - keepFrom;
  }

  /** All blocks that received frames, in time order. */
  finish(): BlockStats[] {
    this.reduceReady(true);
    return [...this.blocks.values()].sort((a, b) => a.index - b.index);
  }

  private analyse(frame: Float32Array, pitchWindow: Float32Array | undefined): FrameOut {
    let energy = 0;
    for (const v of frame) energy += v * v;
    const rms = Math.sqrt(energy / frame.length);
    if (rms < MIN_RMS) return { mfcc: new Float64Array(N_MFCC), logF0: null, silent: true };
    // meyda reuses internal buffers; copy the coefficients out.
    Meyda.bufferSize = FRAME;
    Meyda.numberOfMFCCCoefficients = N_MFCC + 1;
    const features = Meyda.extract(['mfcc'], frame);
    const mfcc = Float64Array.from((features?.mfcc ?? []).slice(1, N_MFCC + 1));
    // Every other frame is enough for pitch statistics, and YIN is the costliest part.
    const f0 = pitchWindow && this.frameIndex % 2 === 0 ? this.pitch(pitchWindow) : null;
    const logF0 = f0 !== null && f0 >= MIN_F0 && f0 <= MAX_F0 ? Math.log(f0) : null;
    return { mfcc, logF0, silent: mfcc.length < N_MFCC || !mfcc.every(Number.isFinite) };
  }

  /** Reduces every frame whose ±2 neighbours have been read (all of them at the end). */
  private reduceReady(atEnd: boolean): void {
    const available = this.frameIndex;
    while (this.emitted < available && (atEnd || this.emitted + DELTA_SPAN < available)) {
      const base = available - this.recent.length; // frame index of recent[0]
      const at = (t: number): FrameOut =>
        this.recent[Math.min(Math.max(t, 0), available - 1) - base] ?? this.recent[0]!;
      const t = this.emitted;
      const frame = at(t);
      if (!frame.silent) {
        const block = Math.floor(t / FRAMES_PER_BLOCK);
        let stats = this.blocks.get(block);
        if (!stats) this.blocks.set(block, (stats = emptyBlock(block)));
        stats.n++;
        for (let d = 0; d < N_MFCC; d++) {
          let delta = 0;
          for (let k = 1; k <= DELTA_SPAN; k++)
            delta += k * (at(t + k).mfcc[d]! - at(t - k).mfcc[d]!);
          delta /= DELTA_NORM;
          const c = frame.mfcc[d]!;
          stats.sum[d]! += c;
          stats.sumSq[d]! += c * c;
          stats.sum[N_MFCC + d]! += delta;
          stats.sumSq[N_MFCC + d]! += delta * delta;
        }
        let k = 0;
        for (let i = 0; i < N_MFCC; i++)
          for (let j = i; j < N_MFCC; j++) stats.outer[k++]! += frame.mfcc[i]! * frame.mfcc[j]!;
        if (frame.logF0 !== null) {
          stats.voiced++;
          stats.f0Sum += frame.logF0;
          stats.f0SumSq += frame.logF0 * frame.logF0;
        }
      }
      this.emitted++;
      // Keep only the look-back the deltas of the next frame need.
      const keepFrom = this.emitted - DELTA_SPAN;
      let first = available - this.recent.length;
      while (first < keepFrom && this.recent.length > 1) {
        this.recent.shift();
        first++;
      }
    }
  }
}

/** Blocks of a whole (short) recording, e.g. in tests. */
export function blockFeatures(pcm: Float32Array): BlockStats[] {
  const features = new VoiceFeatures();
  features.push(pcm);
  return features.finish();
}
