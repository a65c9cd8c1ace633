import { useEffect, useRef, useState, type RefObject } from 'react';
import type { DetectorBackend } from './backend-choice';
import { createFaceDetector, type FaceDetector } from './face-detector';
import {
  errorMessage,
  faceInRegion,
  initErrorDetail,
  nextPassDelay,
  type FaceBox,
} from './face-guide';

export type FaceDetectorState = 'initializing' | 'ready' | 'failed';

export interface FaceDetection {
  state: FaceDetectorState;
  /** Why the detector could not start (spec 2 §8), when `state` is 'failed'. */
  error?: string;
  /** Whether the face centre is inside the target region (spec 2 §5). */
  inRegion: boolean;
  /** The last pass's failure; cleared by the next pass that works. */
  detectionError?: string;
  /** The tfjs backend the detector runs on, once ready (shown to support as data-backend). */
  backend?: DetectorBackend;
}

const STARTING: FaceDetection = { state: 'initializing', inRegion: false };

/** HTMLMediaElement.HAVE_CURRENT_DATA: a frame to read. */
const HAVE_CURRENT_DATA = 2;

/**
 * Spec 2 §4: runs the face detector over `video` while `enabled`, one pass per 100 ms at most,
 * and reports its state and whether the face is in the target region. `mirrored` says the
 * preview is shown as a mirror, so the region is tested where the participant sees it.
 * Turning `enabled` off, or unmounting, stops the loop and disposes the detector. `onFace`
 * receives each pass's face box (video pixels), for live physiology's skin sampling.
 */
export function useFaceDetector(
  video: RefObject<HTMLVideoElement | null>,
  enabled: boolean,
  mirrored = true,
  onFace?: (face: FaceBox | null) => void,
): FaceDetection {
  const [status, setStatus] = useState<FaceDetection>(STARTING);
  const faceListener = useRef(onFace);
  useEffect(() => {
    faceListener.current = onFace;
  });

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let detector: FaceDetector | null = null;
    setStatus(STARTING);

    async function pass(active: FaceDetector) {
      const started = performance.now();
      const el = video.current;
      try {
        if (el && el.readyState >= HAVE_CURRENT_DATA) {
          const face = await active.detect(el);
          if (stopped) return;
          faceListener.current?.(face);
          const size = { width: el.videoWidth, height: el.videoHeight };
          const inRegion = faceInRegion(face, size, mirrored);
          // Same state, same object: React then skips the render, ten times a second.
          setStatus((s) =>
            s.inRegion === inRegion && s.detectionError === undefined
              ? s
              : { state: 'ready', inRegion, backend: active.backend },
          );
        }
      } catch (e) {
        if (stopped) return;
        const message = errorMessage(e) || 'Unknown error';
        setStatus((s) => (s.detectionError === message ? s : { ...s, detectionError: message }));
      }
      if (!stopped)
        timer = setTimeout(() => void pass(active), nextPassDelay(started, performance.now()));
    }

    // Human's bundle is fetched here, the first time a detector is wanted.
    const abort = new AbortController();
    createFaceDetector(abort.signal).then(
      (created) => {
        if (stopped) return void created.dispose();
        detector = created;
        setStatus({ state: 'ready', inRegion: false, backend: created.backend });
        void pass(created);
      },
      (e: unknown) => {
        if (!stopped) setStatus({ state: 'failed', error: initErrorDetail(e), inRegion: false });
      },
    );

    return () => {
      stopped = true;
      abort.abort();
      clearTimeout(timer);
      void detector?.dispose();
    };
  }, [video, enabled, mirrored]);

  return status;
}
