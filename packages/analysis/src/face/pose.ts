// Head pose classes and eye gaze in the spec's 310 x 210 gaze space, from Human's angles and
// the iris points of the mesh.
import type { HeadAngles, RawFace } from './types.js';

export type HeadPoseClass = 'top' | 'bottom' | 'left' | 'right' | 'center';
export const HEAD_POSE_CLASSES: readonly HeadPoseClass[] = [
  'top',
  'bottom',
  'left',
  'right',
  'center',
];

/**
 * Degrees beyond which the head counts as turned. Human's angles: yaw > 0 is the face turned
 * towards the image's left (as the camera sees it), pitch > 0 is the chin down. Left and right
 * are from the camera's (viewer's) side, like the video the user watches. The larger relative
 * turn wins when both pass their threshold.
 */
export const HEAD_YAW_THRESHOLD_DEG = 15;
export const HEAD_PITCH_THRESHOLD_DEG = 12;

const toDeg = (rad: number) => Math.round(((rad * 180) / Math.PI) * 10) / 10;

export interface HeadPose extends HeadAngles {
  class: HeadPoseClass;
}

/** Angles (radians from Human) to degrees and a pose class. */
export function headPose(anglesRad: HeadAngles): HeadPose {
  const pitch = toDeg(anglesRad.pitch);
  const yaw = toDeg(anglesRad.yaw);
  const roll = toDeg(anglesRad.roll);
  const side = Math.abs(yaw) / HEAD_YAW_THRESHOLD_DEG;
  const vertical = Math.abs(pitch) / HEAD_PITCH_THRESHOLD_DEG;
  let cls: HeadPoseClass = 'center';
  if (side >= 1 && side >= vertical) cls = yaw > 0 ? 'left' : 'right';
  else if (vertical >= 1) cls = pitch > 0 ? 'bottom' : 'top';
  return { class: cls, pitch, yaw, roll };
}

/** Eye gaze canvas (spec §9). */
export const GAZE_MAX_X = 310;
export const GAZE_MAX_Y = 210;
/** Where "no gaze" (no face) is drawn, and the legacy marker of an invalid coordinate. */
export const NO_GAZE = { x: 0, y: GAZE_MAX_Y } as const;
export const INVALID_GAZE_COORDINATE = 999;
/** Value of every heat-map point. */
export const HEAT_MAP_POINT_VALUE = 50;
/**
 * Gaze angle (head angle plus eye rotation) that reaches the canvas edge. An iris at the eye
 * corner is roughly 35° of eye rotation, so an iris offset of 0.5 eye widths adds EYE_GAIN_DEG.
 */
export const GAZE_FULL_SCALE_DEG = 40;
export const EYE_GAIN_DEG = 70;

export type GazeClass = 'center' | 'left' | 'right' | 'top' | 'bottom' | 'no_gaze';

export interface GazePoint {
  class_value: GazeClass;
  x_cord: number;
  y_cord: number;
  /** Heat-map weight of this point (spec: 50). */
  intensity: number;
  /** Seconds from the start of the video. */
  time: number;
  subject_name: string;
}

/** 999 marks an invalid coordinate; the spec treats it as 0. */
export const sanitizeGazeCoordinate = (v: number): number =>
  !Number.isFinite(v) || v === INVALID_GAZE_COORDINATE ? 0 : v;

type Mesh = RawFace['mesh'];

/** Iris offset from the eye's centre in eye widths (x right, y down in the image), both eyes. */
export function irisOffset(mesh: Mesh): { x: number; y: number } | undefined {
  if (mesh.length < 478) return undefined;
  const eyes: [number, number, number][] = [
    [33, 133, 468],
    [362, 263, 473],
  ];
  let x = 0;
  let y = 0;
  for (const [a, b, iris] of eyes) {
    const [ax, ay] = mesh[a]!;
    const [bx, by] = mesh[b]!;
    const [ix, iy] = mesh[iris]!;
    const width = Math.hypot(bx - ax, by - ay);
    if (width < 1) return undefined;
    x += (ix - (ax + bx) / 2) / width;
    y += (iy - (ay + by) / 2) / width;
  }
  return { x: x / 2, y: y / 2 };
}

/**
 * Where a face looks on the 310 x 210 canvas: the centre is straight at the camera, x grows to
 * the image's right and y downwards. Head yaw/pitch and the iris offset add up; the class names
 * the region beyond a quarter of the canvas from the centre (same sides as the head pose).
 */
export function gazePoint(face: RawFace | undefined, time: number, subject: string): GazePoint {
  const base = { intensity: HEAT_MAP_POINT_VALUE, time, subject_name: subject };
  if (!face?.angles)
    return { class_value: 'no_gaze', x_cord: NO_GAZE.x, y_cord: NO_GAZE.y, ...base };
  const pose = headPose(face.angles);
  const eye = irisOffset(face.mesh) ?? { x: 0, y: 0 };
  // Yaw > 0 turns the face to the image's left, so it moves the gaze point left.
  const horizontal = -pose.yaw + eye.x * EYE_GAIN_DEG;
  const vertical = pose.pitch + eye.y * EYE_GAIN_DEG;
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));
  const x = clamp(
    GAZE_MAX_X / 2 + (horizontal / GAZE_FULL_SCALE_DEG) * (GAZE_MAX_X / 2),
    GAZE_MAX_X,
  );
  const y = clamp(GAZE_MAX_Y / 2 + (vertical / GAZE_FULL_SCALE_DEG) * (GAZE_MAX_Y / 2), GAZE_MAX_Y);
  const dx = (x - GAZE_MAX_X / 2) / (GAZE_MAX_X / 4);
  const dy = (y - GAZE_MAX_Y / 2) / (GAZE_MAX_Y / 4);
  let cls: GazeClass = 'center';
  if (Math.abs(dx) >= 1 && Math.abs(dx) >= Math.abs(dy)) cls = dx < 0 ? 'left' : 'right';
  else if (Math.abs(dy) >= 1) cls = dy < 0 ? 'top' : 'bottom';
  return {
    class_value: cls,
    x_cord: Math.round(sanitizeGazeCoordinate(x) * 10) / 10,
    y_cord: Math.round(sanitizeGazeCoordinate(y) * 10) / 10,
    ...base,
  };
}

/** Share of frames (0..1) in each head pose class. */
export function poseShares(classes: HeadPoseClass[]): Record<HeadPoseClass, number> {
  const out: Record<HeadPoseClass, number> = { top: 0, bottom: 0, left: 0, right: 0, center: 0 };
  for (const c of classes) out[c]++;
  for (const c of HEAD_POSE_CLASSES)
    out[c] = classes.length ? Math.round((out[c] / classes.length) * 1000) / 1000 : 0;
  return out;
}
