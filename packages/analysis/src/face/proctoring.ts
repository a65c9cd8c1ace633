// Proctoring: alerts per window of frames (no face, several faces, looking away, a face that
// is not the registered candidate), counted up to the spec's alert threshold of 10.
import { GAZE_MAX_X, GAZE_MAX_Y, type GazePoint, type HeadPose } from './pose.js';

export const PROCTORING_ALERT_THRESHOLD = 10;
export const DEFAULT_PROCTORING_WINDOW_SEC = 5;
/** Head turned this far (degrees) counts as looking away from the screen. */
export const LOOK_AWAY_YAW_DEG = 25;
export const LOOK_AWAY_PITCH_DEG = 20;
/** Gaze point this far from the canvas centre (share of half the canvas, 0..1) is looking away. */
export const LOOK_AWAY_GAZE = 0.75;
/** A condition raises its alert when it holds in at least this share of the window's frames. */
export const ALERT_FRAME_SHARE = 0.5;

export type ProctoringAlert = 'no_face' | 'multiple_faces' | 'looking_away' | 'face_mismatch';
export const PROCTORING_ALERTS: readonly ProctoringAlert[] = [
  'no_face',
  'multiple_faces',
  'looking_away',
  'face_mismatch',
];

/** What proctoring needs of one sampled frame. */
export interface ProctoringFrame {
  t: number;
  faces: { pose: HeadPose; gaze: GazePoint; samePerson?: boolean }[];
}

export interface ProctoringWindow {
  start: number;
  end: number;
  current_alerts: ProctoringAlert[];
  cumulative_alerts: Record<ProctoringAlert, number>;
  cumulative_alerts_count: number;
  threshold_crossed: boolean;
  alert_threshold: number;
}

export interface ProctoringResult {
  windowSec: number;
  templateUsed: boolean;
  windows: ProctoringWindow[];
  /** The last window's totals (all zero for a video without frames). */
  cumulative_alerts: Record<ProctoringAlert, number>;
  cumulative_alerts_count: number;
  threshold_crossed: boolean;
  alert_threshold: number;
}

export function isLookingAway(pose: HeadPose, gaze: GazePoint): boolean {
  if (Math.abs(pose.yaw) >= LOOK_AWAY_YAW_DEG || Math.abs(pose.pitch) >= LOOK_AWAY_PITCH_DEG)
    return true;
  if (gaze.class_value === 'no_gaze') return false;
  const dx = Math.abs(gaze.x_cord - GAZE_MAX_X / 2) / (GAZE_MAX_X / 2);
  const dy = Math.abs(gaze.y_cord - GAZE_MAX_Y / 2) / (GAZE_MAX_Y / 2);
  return Math.max(dx, dy) >= LOOK_AWAY_GAZE;
}

function frameAlerts(frame: ProctoringFrame): ProctoringAlert[] {
  if (frame.faces.length === 0) return ['no_face'];
  const alerts: ProctoringAlert[] = [];
  if (frame.faces.length > 1) alerts.push('multiple_faces');
  // The candidate is the registered face when there is a template, else the first (largest) one.
  const candidate = frame.faces.find((f) => f.samePerson) ?? frame.faces[0]!;
  if (isLookingAway(candidate.pose, candidate.gaze)) alerts.push('looking_away');
  if (frame.faces.every((f) => f.samePerson === false)) alerts.push('face_mismatch');
  return alerts;
}

export function proctor(
  frames: ProctoringFrame[],
  opts: { windowSec?: number; templateUsed?: boolean } = {},
): ProctoringResult {
  const windowSec = opts.windowSec ?? DEFAULT_PROCTORING_WINDOW_SEC;
  const cumulative: Record<ProctoringAlert, number> = {
    no_face: 0,
    multiple_faces: 0,
    looking_away: 0,
    face_mismatch: 0,
  };
  const windows: ProctoringWindow[] = [];
  const byWindow = new Map<number, ProctoringFrame[]>();
  for (const f of frames) {
    const k = Math.floor(f.t / windowSec);
    const group = byWindow.get(k) ?? [];
    group.push(f);
    byWindow.set(k, group);
  }
  for (const k of [...byWindow.keys()].sort((a, b) => a - b)) {
    const group = byWindow.get(k)!;
    const counts = new Map<ProctoringAlert, number>();
    for (const f of group) for (const a of frameAlerts(f)) counts.set(a, (counts.get(a) ?? 0) + 1);
    const current = PROCTORING_ALERTS.filter(
      (a) => (counts.get(a) ?? 0) >= ALERT_FRAME_SHARE * group.length,
    );
    for (const a of current) cumulative[a]++;
    const total = PROCTORING_ALERTS.reduce((s, a) => s + cumulative[a], 0);
    windows.push({
      start: k * windowSec,
      end: (k + 1) * windowSec,
      current_alerts: current,
      cumulative_alerts: { ...cumulative },
      cumulative_alerts_count: total,
      threshold_crossed: total >= PROCTORING_ALERT_THRESHOLD,
      alert_threshold: PROCTORING_ALERT_THRESHOLD,
    });
  }
  const total = PROCTORING_ALERTS.reduce((s, a) => s + cumulative[a], 0);
  return {
    windowSec,
    templateUsed: opts.templateUsed ?? false,
    windows,
    cumulative_alerts: cumulative,
    cumulative_alerts_count: total,
    threshold_crossed: total >= PROCTORING_ALERT_THRESHOLD,
    alert_threshold: PROCTORING_ALERT_THRESHOLD,
  };
}
