import type { LiveSkinSample } from '@parley/contracts';
import type { FaceBox } from '../biometrics';

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Skin areas of a face box, as fractions of it: the forehead above the brows and both cheeks
 * under the eyes, clear of eyes, brows, mouth and hair for a face looking at the camera (the
 * regions the offline trace takes from the face mesh, approximated from the box alone).
 */
const REGIONS: readonly Rect[] = [
  { x: 0.3, y: 0.1, width: 0.4, height: 0.15 },
  { x: 0.15, y: 0.5, width: 0.2, height: 0.18 },
  { x: 0.65, y: 0.5, width: 0.2, height: 0.18 },
];

export function skinRegions(face: FaceBox): Rect[] {
  return REGIONS.map((r) => ({
    x: face.x + r.x * face.width,
    y: face.y + r.y * face.height,
    width: r.width * face.width,
    height: r.height * face.height,
  }));
}

/** Mean R, G, B of a rectangle of RGBA pixels; null when it holds no pixel. */
export function meanColour(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
  rect: Rect,
): { r: number; g: number; b: number } | null {
  const x0 = Math.max(0, Math.floor(rect.x));
  const y0 = Math.max(0, Math.floor(rect.y));
  const x1 = Math.min(width, Math.ceil(rect.x + rect.width));
  const y1 = Math.min(height, Math.ceil(rect.y + rect.height));
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let y = y0; y < y1; y++)
    for (let x = x0; x < x1; x++) {
      const at = (y * width + x) * 4;
      r += rgba[at]!;
      g += rgba[at + 1]!;
      b += rgba[at + 2]!;
      n++;
    }
  return n ? { r: r / n, g: g / n, b: b / n } : null;
}

/**
 * One sample of the live trace from a frame's pixels and the face box (both in the same
 * pixels): the whole-skin mean and each region's own; null when no region is in the frame.
 */
export function skinSample(
  rgba: Uint8ClampedArray,
  width: number,
  height: number,
  face: FaceBox,
  t: number,
): LiveSkinSample | null {
  const regions = skinRegions(face)
    .map((rect) => meanColour(rgba, width, height, rect))
    .filter((c): c is { r: number; g: number; b: number } => c !== null);
  if (regions.length === 0) return null;
  const mean = (k: 'r' | 'g' | 'b') => regions.reduce((s, c) => s + c[k], 0) / regions.length;
  return { t, r: mean('r'), g: mean('g'), b: mean('b'), regions };
}
