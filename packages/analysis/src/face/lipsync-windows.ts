// Live lip sync: lipsync.ts's agreement over sliding windows of the meeting, each given out as
// soon as the analysed frames have passed its end. The whole-meeting figure only exists once
// every frame is in; windows let a page show readings while the video is still analysed
// (spec 2 §4 queues them on the client).
import {
  agreementOf,
  lipSample,
  type LipSyncResult,
  type MouthSample,
  type VoiceLevel,
} from './lipsync.js';

/** Seconds per window: at 2 fps, 20 frames, a few sentences of syllables to correlate. */
export const LIP_SYNC_LIVE_WINDOW_SEC = 10;
/** Seconds between window starts: a reading every 2 s of meeting, windows overlapping by 8 s. */
export const LIP_SYNC_LIVE_HOP_SEC = 2;
/**
 * Frames of the person a window needs: 8 of 20 at the default 2 fps, 8 of 10 at 1 fps. Fewer
 * means the person was mostly off screen, and the window is not given at all.
 */
export const LIP_SYNC_LIVE_MIN_FRAMES = 8;

export interface LipSyncWindow {
  personId: string;
  /** Seconds from the start of the recording; the window is [start, end). */
  start: number;
  end: number;
  /** Pearson r of mouth opening and voice level (dB) in the window, -1..1; null when constant. */
  agreement: number | null;
  status: LipSyncResult['status'];
  frames: number;
}

export interface LipSyncWindowOptions {
  windowSec?: number;
  hopSec?: number;
  minFrames?: number;
}

/** Window starts are multiples of the hop; rounded so that 0.1-second hops do not drift. */
const at = (k: number, sec: number) => Math.round(k * sec * 1000) / 1000;

/**
 * Collects each person's mouth samples as frames are analysed and completes the windows
 * every person shares (the meeting's time axis, starting at 0). Keeps only the samples the
 * next windows still need.
 */
export class LipSyncWindower {
  private readonly persons = new Map<string, LipSyncResult['samples']>();
  private next = 0;
  private readonly windowSec: number;
  private readonly hopSec: number;
  private readonly minFrames: number;

  constructor(
    private readonly energy: VoiceLevel,
    opts: LipSyncWindowOptions = {},
  ) {
    this.windowSec = opts.windowSec ?? LIP_SYNC_LIVE_WINDOW_SEC;
    this.hopSec = opts.hopSec ?? LIP_SYNC_LIVE_HOP_SEC;
    this.minFrames = opts.minFrames ?? LIP_SYNC_LIVE_MIN_FRAMES;
    if (!(this.hopSec > 0 && this.windowSec > 0)) throw new Error('window and hop must be > 0');
  }

  add(personId: string, mouth: MouthSample): void {
    const samples = this.persons.get(personId) ?? [];
    samples.push(lipSample(mouth, this.energy));
    this.persons.set(personId, samples);
  }

  /**
   * Every frame before `t` has been added: the windows ending at or before `t`, oldest first,
   * one per person seen in at least minFrames of it. After the last frame, pass the duration.
   */
  advance(t: number): LipSyncWindow[] {
    const out: LipSyncWindow[] = [];
    for (; at(this.next, this.hopSec) + this.windowSec <= t; this.next++) {
      const start = at(this.next, this.hopSec);
      const end = Math.round((start + this.windowSec) * 1000) / 1000;
      for (const [personId, samples] of this.persons) {
        const inside = samples.filter((s) => s.t >= start && s.t < end);
        if (inside.length < this.minFrames) continue;
        out.push({
          personId,
          start,
          end,
          ...agreementOf(inside, this.minFrames),
          frames: inside.length,
        });
      }
    }
    const keepFrom = at(this.next, this.hopSec);
    for (const [personId, samples] of this.persons) {
      const kept = samples.filter((s) => s.t >= keepFrom);
      if (kept.length) this.persons.set(personId, kept);
      else this.persons.delete(personId);
    }
    return out;
  }
}
