import { describe, expect, it } from 'vitest';
import {
  detectionErrorText,
  errorMessage,
  faceInRegion,
  initErrorDetail,
  nextPassDelay,
} from './face-guide';

const VIDEO = { width: 640, height: 480 };
/** A 100 px square face whose centre is at (cx, cy) in video pixels. */
const faceAt = (cx: number, cy: number) => ({ x: cx - 50, y: cy - 50, width: 100, height: 100 });

describe('faceInRegion (spec 2 §5: x 0.3–0.7, y 0.125–0.875)', () => {
  it('is true for a centred face and false without one', () => {
    expect(faceInRegion(faceAt(320, 240), VIDEO, true)).toBe(true);
    expect(faceInRegion(null, VIDEO, true)).toBe(false);
  });

  it('flips as the centre crosses each edge, edges included', () => {
    expect(faceInRegion(faceAt(0.3 * 640, 240), VIDEO, false)).toBe(true);
    expect(faceInRegion(faceAt(0.29 * 640, 240), VIDEO, false)).toBe(false);
    expect(faceInRegion(faceAt(0.7 * 640, 240), VIDEO, false)).toBe(true);
    expect(faceInRegion(faceAt(0.71 * 640, 240), VIDEO, false)).toBe(false);
    expect(faceInRegion(faceAt(320, 0.125 * 480), VIDEO, false)).toBe(true);
    expect(faceInRegion(faceAt(320, 0.12 * 480), VIDEO, false)).toBe(false);
    expect(faceInRegion(faceAt(320, 0.875 * 480), VIDEO, false)).toBe(true);
    expect(faceInRegion(faceAt(320, 0.88 * 480), VIDEO, false)).toBe(false);
  });

  it('uses the centre, not the box: a large face near the edge counts by its centre', () => {
    expect(faceInRegion({ x: 0, y: 0, width: 400, height: 300 }, VIDEO, false)).toBe(true);
    expect(faceInRegion({ x: 0, y: 0, width: 300, height: 300 }, VIDEO, false)).toBe(false);
  });

  it('tests the mirrored preview: a region on the viewer’s left holds a face on the camera’s right', () => {
    const left = { x: [0, 0.4], y: [0, 1] } as const;
    const cameraRight = faceAt(0.8 * 640, 240);
    expect(faceInRegion(cameraRight, VIDEO, true, left)).toBe(true);
    expect(faceInRegion(cameraRight, VIDEO, false, left)).toBe(false);
  });

  it('gives the same answer mirrored or not for the symmetric spec region', () => {
    for (const cx of [150, 200, 320, 440, 500])
      expect(faceInRegion(faceAt(cx, 240), VIDEO, true)).toBe(
        faceInRegion(faceAt(cx, 240), VIDEO, false),
      );
  });

  it('counts a video of zero width or height as no face', () => {
    expect(faceInRegion(faceAt(0, 0), { width: 0, height: 480 }, true)).toBe(false);
    expect(faceInRegion(faceAt(0, 0), { width: 640, height: 0 }, true)).toBe(false);
  });
});

describe('detectionErrorText (spec 2 §2)', () => {
  it('shows messages of up to 50 characters whole', () => {
    expect(detectionErrorText('backend lost')).toBe('Detection Error: backend lost');
    const fifty = 'x'.repeat(50);
    expect(detectionErrorText(fifty)).toBe(`Detection Error: ${fifty}`);
  });

  it('cuts longer messages to 47 characters plus an ellipsis', () => {
    const long = `${'a'.repeat(47)}bcdef`;
    expect(detectionErrorText(long)).toBe(`Detection Error: ${'a'.repeat(47)}...`);
  });
});

describe('initErrorDetail (spec 2 §8)', () => {
  it('names a network failure', () => {
    expect(initErrorDetail(new TypeError('Failed to fetch'))).toBe(
      'Network Error: Failed to load the face detector assets. Check your connection.',
    );
  });

  it('passes other messages on, and says Unknown error without one', () => {
    expect(initErrorDetail(new Error('no backend'))).toBe('Initialization failed: no backend');
    expect(initErrorDetail({ message: 'wasm aborted' })).toBe(
      'Initialization failed: wasm aborted',
    );
    expect(initErrorDetail(undefined)).toBe('Initialization failed: Unknown error');
  });

  it('reads messages from errors, strings and plain objects', () => {
    expect(errorMessage('plain')).toBe('plain');
    expect(errorMessage({ message: 42 })).toBe('');
  });
});

describe('nextPassDelay (spec 2 §9: one pass per 100 ms)', () => {
  it('waits out the rest of the slot after a fast pass', () => {
    expect(nextPassDelay(1000, 1030)).toBe(70);
  });

  it('goes at once after a pass that took the whole slot or longer', () => {
    expect(nextPassDelay(1000, 1100)).toBe(0);
    expect(nextPassDelay(1000, 1450)).toBe(0);
  });

  it('takes another throttle', () => {
    expect(nextPassDelay(0, 10, 250)).toBe(240);
  });
});
