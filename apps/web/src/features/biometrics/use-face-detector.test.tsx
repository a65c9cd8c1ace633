import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { FaceBox } from './face-guide';
import type { FaceDetector } from './face-detector';
import { useFaceDetector } from './use-face-detector';

// The real detector needs WebGL or WASM and a camera; the hook's own work (loop, throttle,
// region, errors, disposal) is tested against a stand-in with the same interface.
const create = vi.fn<(signal?: AbortSignal) => Promise<FaceDetector>>();
vi.mock('./face-detector', () => ({ createFaceDetector: (s?: AbortSignal) => create(s) }));

/** A 640x480 video element with a frame to read. */
function videoRef() {
  const el = document.createElement('video');
  Object.defineProperties(el, {
    readyState: { value: 4 },
    videoWidth: { value: 640 },
    videoHeight: { value: 480 },
  });
  return { current: el };
}

/** A 100 px face with its centre at (cx, cy) in video pixels. */
const faceAt = (cx: number, cy: number): FaceBox => ({
  x: cx - 50,
  y: cy - 50,
  width: 100,
  height: 100,
});

function fakeDetector(detect: FaceDetector['detect']) {
  const detector = {
    backend: 'wasm' as const,
    detect: vi.fn(detect),
    dispose: vi.fn(async () => {}),
  };
  create.mockResolvedValue(detector);
  return detector;
}

/** Lets the detector's promise and the first pass settle. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

describe('useFaceDetector', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'Date'] });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    create.mockReset();
  });

  it('goes from initializing to ready and reports the face in the region', async () => {
    fakeDetector(async () => faceAt(320, 240));
    const ref = videoRef();
    const { result } = renderHook(() => useFaceDetector(ref, true));
    expect(result.current).toEqual({ state: 'initializing', inRegion: false });
    await settle();
    expect(result.current).toEqual({ state: 'ready', inRegion: true, backend: 'wasm' });
  });

  it('flips the flag as the face leaves and comes back', async () => {
    let face: FaceBox | null = faceAt(320, 240);
    fakeDetector(async () => face);
    const ref = videoRef();
    const { result } = renderHook(() => useFaceDetector(ref, true));
    await settle();
    expect(result.current.inRegion).toBe(true);
    face = faceAt(600, 240);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(result.current.inRegion).toBe(false);
    face = null;
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(result.current.inRegion).toBe(false);
    face = faceAt(330, 250);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(result.current.inRegion).toBe(true);
  });

  it('runs at most one pass per 100 ms', async () => {
    const detector = fakeDetector(async () => faceAt(320, 240));
    const ref = videoRef();
    renderHook(() => useFaceDetector(ref, true));
    await settle();
    expect(detector.detect).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(99));
    expect(detector.detect).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(detector.detect).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(detector.detect).toHaveBeenCalledTimes(12);
  });

  it('starts the next pass at once after a pass slower than 100 ms, never two at a time', async () => {
    let inFlight = 0;
    let most = 0;
    const detector = fakeDetector(async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 250));
      inFlight--;
      return faceAt(320, 240);
    });
    const ref = videoRef();
    renderHook(() => useFaceDetector(ref, true));
    await settle();
    // Passes start at 0, 250, 500, 750 and 1000 ms: back to back, none waiting, none overlapping.
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(detector.detect).toHaveBeenCalledTimes(5);
    expect(most).toBe(1);
  });

  it('shows a failed pass and clears it on the next good one', async () => {
    let fail = true;
    fakeDetector(async () => {
      if (fail) throw new Error('memory access out of bounds');
      return faceAt(320, 240);
    });
    const ref = videoRef();
    const { result } = renderHook(() => useFaceDetector(ref, true));
    await settle();
    expect(result.current.detectionError).toBe('memory access out of bounds');
    expect(result.current.state).toBe('ready');
    fail = false;
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(result.current.detectionError).toBeUndefined();
    expect(result.current.inRegion).toBe(true);
  });

  it('says why the detector could not start', async () => {
    create.mockRejectedValue(new TypeError('Failed to fetch'));
    const ref = videoRef();
    const { result } = renderHook(() => useFaceDetector(ref, true));
    await settle();
    expect(result.current).toEqual({
      state: 'failed',
      inRegion: false,
      error: 'Network Error: Failed to load the face detector assets. Check your connection.',
    });
  });

  it('stops and disposes the detector when disabled, and starts a new one when enabled again', async () => {
    const detector = fakeDetector(async () => faceAt(320, 240));
    const ref = videoRef();
    const { result, rerender } = renderHook(({ on }) => useFaceDetector(ref, on), {
      initialProps: { on: true },
    });
    await settle();
    rerender({ on: false });
    expect(detector.dispose).toHaveBeenCalledOnce();
    const passes = detector.detect.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(detector.detect).toHaveBeenCalledTimes(passes);
    rerender({ on: true });
    expect(result.current.state).toBe('initializing');
    await settle();
    expect(create).toHaveBeenCalledTimes(2);
    expect(result.current.state).toBe('ready');
  });

  it('disposes on unmount and aborts a detector still loading', async () => {
    const detector = fakeDetector(async () => faceAt(320, 240));
    const ref = videoRef();
    const loaded = renderHook(() => useFaceDetector(ref, true));
    await settle();
    loaded.unmount();
    expect(detector.dispose).toHaveBeenCalledOnce();

    create.mockImplementation(() => new Promise(() => {}));
    const loading = renderHook(() => useFaceDetector(ref, true));
    const signal = create.mock.calls.at(-1)?.[0];
    expect(signal?.aborted).toBe(false);
    loading.unmount();
    expect(signal?.aborted).toBe(true);
  });

  it('does not run a pass before the video has a frame', async () => {
    const detector = fakeDetector(async () => faceAt(320, 240));
    const ref = { current: document.createElement('video') };
    const { result } = renderHook(() => useFaceDetector(ref, true));
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(detector.detect).not.toHaveBeenCalled();
    expect(result.current).toEqual({ state: 'ready', inRegion: false, backend: 'wasm' });
  });
});
