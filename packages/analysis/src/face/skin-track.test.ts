import { describe, expect, it } from 'vitest';
import { estimateShift } from './skin-track.js';
import type { Box } from './types.js';

const W = 160;
const H = 120;

/** A smooth random texture (sums of a few sinusoids), like skin with features on it. */
function texture(seed: number): (x: number, y: number) => number {
  const waves = Array.from({ length: 6 }, (_, i) => {
    const a = Math.sin(seed * 12.9898 + i * 78.233) * 43758.5453;
    const r = a - Math.floor(a);
    return { fx: 0.05 + 0.25 * r, fy: 0.3 - 0.25 * r, phase: 6.28 * r };
  });
  return (x, y) =>
    128 + waves.reduce((sum, w) => sum + 18 * Math.sin(w.fx * x + w.fy * y + w.phase), 0);
}

/** A W×H luma frame showing `pattern` moved by (dx, dy). */
function frame(pattern: (x: number, y: number) => number, dx: number, dy: number): Uint8Array {
  const out = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) out[y * W + x] = Math.round(pattern(x - dx, y - dy));
  return out;
}

const face: Box = { x: 50, y: 30, width: 60, height: 60 };

describe('estimateShift (skin regions carried between detections)', () => {
  it('finds how far the face moved, in whole pixels, odd and even, either way', () => {
    const pattern = texture(3);
    const key = frame(pattern, 0, 0);
    for (const [dx, dy] of [
      [0, 0],
      [5, -3],
      [-8, 6],
      [1, 11],
    ] as const)
      expect(estimateShift(key, frame(pattern, dx, dy), W, H, face)).toEqual([dx, dy]);
  });

  it('follows a face that keeps moving when started from the previous shift', () => {
    const pattern = texture(7);
    const key = frame(pattern, 0, 0);
    // 25 px is beyond one search's reach (a quarter of the 60 px face = 15) from 0, 0.
    const shift = estimateShift(key, frame(pattern, 25, 0), W, H, face, [14, 0]);
    expect(shift).toEqual([25, 0]);
  });

  it('stays where it was when the block has nowhere to go', () => {
    const flat = new Uint8Array(W * H).fill(100);
    expect(estimateShift(flat, flat, W, H, face, [2, 1])).toEqual([2, 1]);
  });
});
