import { FACE_GUIDE } from '@parley/contracts';

/** A detected face's box in video pixels (the camera's own, unmirrored coordinates). */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A target region as fractions of the displayed picture: [from, to] on each axis. */
export interface Region {
  x: readonly [number, number];
  y: readonly [number, number];
}

/**
 * Spec 2 §5: whether the face centre, as a fraction of the video size, lies inside the target
 * region. The region is drawn over the preview, which is mirrored (a selfie view), so with
 * `mirrored` the centre is flipped before the test: a face on the camera's left shows on the
 * participant's right. A video of zero width or height counts as no face.
 */
export function faceInRegion(
  face: FaceBox | null,
  video: { width: number; height: number },
  mirrored: boolean,
  region: Region = FACE_GUIDE,
): boolean {
  if (!face || video.width <= 0 || video.height <= 0) return false;
  const cx = (face.x + face.width / 2) / video.width;
  const cy = (face.y + face.height / 2) / video.height;
  const shownX = mirrored ? 1 - cx : cx;
  return shownX >= region.x[0] && shownX <= region.x[1] && cy >= region.y[0] && cy <= region.y[1];
}

const ERROR_MAX = 50;
const ERROR_CUT = 47;

/** Spec 2 §2: 'Detection Error: ' plus the message, cut to 47 characters and '...' past 50. */
export function detectionErrorText(message: string): string {
  const shown = message.length > ERROR_MAX ? `${message.slice(0, ERROR_CUT)}...` : message;
  return `Detection Error: ${shown}`;
}

/** The message of anything thrown (tfjs rejects with plain objects, not only Errors). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null && 'message' in error) {
    const { message } = error as { message: unknown };
    if (typeof message === 'string') return message;
  }
  return '';
}

/**
 * Spec 2 §8: the detail under 'Error Initializing Detector'. The spec's text names the hosted
 * MediaPipe assets; ours are served by Parley itself, so the network case names those.
 */
export function initErrorDetail(error: unknown): string {
  const message = errorMessage(error);
  if (message.includes('Failed to fetch'))
    return 'Network Error: Failed to load the face detector assets. Check your connection.';
  return `Initialization failed: ${message || 'Unknown error'}`;
}

/**
 * Milliseconds to wait before the next detection pass so that passes start at most once per
 * `throttleMs` (spec 2 §9: 100 ms) and never overlap: a slow pass is followed at once, a fast
 * one waits out the rest of its slot.
 */
export function nextPassDelay(
  startedAt: number,
  now: number,
  throttleMs: number = FACE_GUIDE.throttleMs,
): number {
  return Math.max(0, startedAt + throttleMs - now);
}
