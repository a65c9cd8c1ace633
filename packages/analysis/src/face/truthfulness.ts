// Truthfulness (experimental): how far each window of a person's behaviour departs from that
// person's own usual behaviour in the same video, on cues the deception literature links,
// weakly, to cognitive load. It is not a lie detector and must never decide anything alone.
import { EYES_CLOSED_EAR } from './measures.js';
import type { GazeClass } from './pose.js';
import type { HeadAngles } from './types.js';

export const DEFAULT_ACTIVITY_SEC = 10;
export const TRUTHFULNESS_NOTE =
  "Experimental. Scores how much each window departs from the same person's baseline in this " +
  'video (gaze aversion, eye closure, head movement, expression changes). Such cues are weak, ' +
  'culture- and context-dependent evidence of stress, not of lying; do not base decisions on it.';

/** What truthfulness needs of one frame of one person. */
export interface BehaviourSample {
  t: number;
  gazeClass: GazeClass;
  angles: HeadAngles;
  ear?: number;
  dominantEmotion?: string;
}

export interface TruthCues {
  /** Share of frames not looking at the centre of the screen. */
  gazeAversion: number;
  /** Share of frames with the eyes closed (blinks caught by the sampling; low fps undercounts). */
  eyeClosure: number;
  /** Mean head turn between consecutive frames, degrees per second. */
  headMovement: number;
  /** Changes of the dominant emotion per minute. */
  expressionChanges: number;
}

export interface TruthWindow {
  subject_name: string;
  start_time: number;
  end_time: number;
  video_fps: number;
  activity_duration: number;
  /** 0..100: 100 is behaviour like the person's own baseline, lower is more departure. */
  truthfullness: number;
  cues: TruthCues;
}

export interface TruthfulnessResult {
  experimental: true;
  note: string;
  windows: TruthWindow[];
}

const CUES: (keyof TruthCues)[] = [
  'gazeAversion',
  'eyeClosure',
  'headMovement',
  'expressionChanges',
];
/** Smallest spread assumed for each cue, so a steady baseline does not magnify noise. */
const MIN_SPREAD: TruthCues = {
  gazeAversion: 0.1,
  eyeClosure: 0.05,
  headMovement: 2,
  expressionChanges: 3,
};
/** Spreads above the baseline that count as full departure. */
const MAX_DEVIATION = 3;

function cuesOf(samples: BehaviourSample[], seconds: number): TruthCues {
  const n = samples.length;
  let turn = 0;
  let changes = 0;
  for (let i = 1; i < n; i++) {
    const a = samples[i - 1]!;
    const b = samples[i]!;
    const dt = b.t - a.t;
    if (dt > 0)
      turn += Math.hypot(b.angles.yaw - a.angles.yaw, b.angles.pitch - a.angles.pitch) / dt;
    if (a.dominantEmotion && b.dominantEmotion && a.dominantEmotion !== b.dominantEmotion)
      changes++;
  }
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return {
    gazeAversion: round(samples.filter((s) => s.gazeClass !== 'center').length / n),
    eyeClosure: round(
      samples.filter((s) => s.ear !== undefined && s.ear < EYES_CLOSED_EAR).length / n,
    ),
    headMovement: round(n > 1 ? turn / (n - 1) : 0),
    expressionChanges: round((changes * 60) / Math.max(seconds, 1e-6)),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Windows of `activitySec` for one person; needs at least 2 frames a window to score it. */
export function truthfulness(
  subject: string,
  samples: BehaviourSample[],
  fps: number,
  activitySec = DEFAULT_ACTIVITY_SEC,
): TruthWindow[] {
  const groups = new Map<number, BehaviourSample[]>();
  for (const s of samples) {
    const k = Math.floor(s.t / activitySec);
    const group = groups.get(k) ?? [];
    group.push(s);
    groups.set(k, group);
  }
  const keyed = [...groups.entries()]
    .filter(([, g]) => g.length >= 2)
    .sort(([a], [b]) => a - b)
    .map(([k, g]) => ({ k, cues: cuesOf(g, activitySec) }));
  if (keyed.length === 0) return [];
  const baseline = Object.fromEntries(
    CUES.map((c) => [c, median(keyed.map((w) => w.cues[c]))]),
  ) as unknown as TruthCues;
  const spread = Object.fromEntries(
    CUES.map((c) => [
      c,
      Math.max(MIN_SPREAD[c], median(keyed.map((w) => Math.abs(w.cues[c] - baseline[c])))),
    ]),
  ) as unknown as TruthCues;
  return keyed.map(({ k, cues }) => {
    // Only departures upwards (more aversion, more movement...) lower the score.
    const dev = CUES.map((c) =>
      Math.min(MAX_DEVIATION, Math.max(0, (cues[c] - baseline[c]) / spread[c])),
    );
    const mean = dev.reduce((s, d) => s + d, 0) / dev.length;
    return {
      subject_name: subject,
      start_time: k * activitySec,
      end_time: (k + 1) * activitySec,
      video_fps: fps,
      activity_duration: activitySec,
      truthfullness: Math.round(100 - (100 * mean) / MAX_DEVIATION),
      cues,
    };
  });
}
