import type { VisemeCue } from '@parley/contracts';

/**
 * The avatar's motion as pure functions of time, so a test can step it: the mouth follows the
 * speech's viseme cues at the audio's current time, the eyes blink every few seconds, the head
 * sways a little while speaking (less at rest). `prefers-reduced-motion` turns the sway and the
 * blinks off; the mouth keeps following the speech.
 */

/** The mouth shape at `ms` into the clip: the last cue at or before it ('rest' before any). */
export function visemeAt(cues: readonly VisemeCue[], ms: number): string {
  let lo = 0;
  let hi = cues.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((cues[mid] as VisemeCue).t <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found < 0 ? 'rest' : (cues[found] as VisemeCue).v;
}

/** How a shape opens the drawn mouth: width and height factors (1 = the resting mouth). */
export const MOUTH_SHAPES: Record<string, { open: number; wide: number; round: boolean }> = {
  rest: { open: 0.05, wide: 1, round: false },
  A: { open: 1, wide: 1.05, round: false },
  E: { open: 0.55, wide: 1.2, round: false },
  I: { open: 0.35, wide: 1.25, round: false },
  O: { open: 0.8, wide: 0.7, round: true },
  U: { open: 0.45, wide: 0.55, round: true },
  MBP: { open: 0, wide: 0.95, round: false },
  FV: { open: 0.15, wide: 1.05, round: false },
  L: { open: 0.5, wide: 0.95, round: false },
  TH: { open: 0.3, wide: 1, round: false },
  S: { open: 0.25, wide: 1.1, round: false },
};
export const mouthOf = (v: string) => MOUTH_SHAPES[v] ?? MOUTH_SHAPES.rest!;

const BLINK_MS = 140;
/** Blink every 2.8–5.2 s, the gaps from a fixed sequence so the rhythm is not mechanical. */
const BLINK_GAPS_MS = [3400, 4800, 2800, 5200, 3900, 3100, 4400];

/** 0 open … 1 shut at `ms` since the avatar appeared. */
export function blinkAt(ms: number): number {
  const cycle = BLINK_GAPS_MS.reduce((a, b) => a + b, 0);
  let t = ms % cycle;
  for (const gap of BLINK_GAPS_MS) {
    if (t < gap) {
      const into = t - (gap - BLINK_MS);
      if (into < 0) return 0;
      return 1 - Math.abs(into / (BLINK_MS / 2) - 1);
    }
    t -= gap;
  }
  return 0;
}

/** A small head movement: degrees of tilt and pixels of nod, larger while speaking. */
export function headAt(ms: number, speaking: boolean): { tilt: number; nod: number } {
  const k = speaking ? 1 : 0.35;
  const s = ms / 1000;
  return {
    tilt: k * (1.6 * Math.sin(s * 0.9) + 0.6 * Math.sin(s * 2.3 + 1)),
    nod: k * (1.2 * Math.sin(s * 1.7 + 0.5) + (speaking ? 0.5 * Math.sin(s * 5.1) : 0)),
  };
}

export interface AvatarPose {
  viseme: string;
  blink: number;
  tilt: number;
  nod: number;
}

/** Where audio time comes from: an <audio> element, or a test's clock. */
export interface AudioClock {
  /** Seconds into the clip. */
  readonly currentTime: number;
  readonly paused: boolean;
  readonly ended: boolean;
}

/** The pose at a moment: `sinceStart` for blinks and sway, the clip's time for the mouth. */
export function poseAt(
  sinceStartMs: number,
  clip: { cues: readonly VisemeCue[]; clock: AudioClock } | null,
  reducedMotion = false,
): AvatarPose {
  const speaking = !!clip && !clip.clock.paused && !clip.clock.ended;
  const viseme = speaking && clip ? visemeAt(clip.cues, clip.clock.currentTime * 1000) : 'rest';
  const head = reducedMotion ? { tilt: 0, nod: 0 } : headAt(sinceStartMs, speaking);
  return { viseme, blink: reducedMotion ? 0 : blinkAt(sinceStartMs), ...head };
}

/**
 * Runs the pose every animation frame until stopped. `frame` is requestAnimationFrame in the
 * browser; tests pass their own.
 */
export function runAvatarDriver(opts: {
  clip: () => { cues: readonly VisemeCue[]; clock: AudioClock } | null;
  onPose(pose: AvatarPose): void;
  now?: () => number;
  frame?: (cb: () => void) => number;
  cancel?: (id: number) => void;
  reducedMotion?: boolean;
}): () => void {
  const now = opts.now ?? (() => performance.now());
  const frame = opts.frame ?? ((cb) => requestAnimationFrame(cb));
  const cancel = opts.cancel ?? ((id) => cancelAnimationFrame(id));
  const start = now();
  let id = 0;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    opts.onPose(poseAt(now() - start, opts.clip(), opts.reducedMotion));
    id = frame(tick);
  };
  tick();
  return () => {
    stopped = true;
    cancel(id);
  };
}
