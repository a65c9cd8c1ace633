import { useEffect, useRef, type RefObject } from 'react';
import { TriangleAlert } from 'lucide-react';
import { LIVE_PHYSIOLOGY, type LiveSkinSample } from '@parley/contracts';
import { Spinner } from '../../ui';
import { FaceGuideOverlay, useFaceDetector, type FaceBox } from '../biometrics';
import { skinSample } from './skin-colour';

/** Frames are read this small: a mean over a skin area needs no more pixels. */
const READ_WIDTH = 320;

/**
 * While live physiology runs: the face guide over the participant's own video (spec 2 §2),
 * and the skin colour of their face, LIVE_PHYSIOLOGY.sampleRate times a second, handed to
 * `onSample` (only colour means leave the browser, never a picture). Unmounting stops the
 * detector and the sampler.
 */
export function LivePhysiologyCapture({
  video,
  mirrored = true,
  onSample,
}: {
  video: RefObject<HTMLVideoElement | null>;
  mirrored?: boolean;
  onSample(sample: LiveSkinSample): void;
}) {
  const face = useRef<FaceBox | null>(null);
  const detection = useFaceDetector(video, true, mirrored, (f) => (face.current = f));
  const emit = useRef(onSample);
  useEffect(() => {
    emit.current = onSample;
  });

  useEffect(() => {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const t0 = performance.now();
    const timer = setInterval(() => {
      const el = video.current;
      const box = face.current;
      if (!context || !el || !box || el.videoWidth === 0 || el.videoHeight === 0) return;
      const k = Math.min(1, READ_WIDTH / el.videoWidth);
      canvas.width = Math.round(el.videoWidth * k);
      canvas.height = Math.round(el.videoHeight * k);
      context.drawImage(el, 0, 0, canvas.width, canvas.height);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      const scaled = { x: box.x * k, y: box.y * k, width: box.width * k, height: box.height * k };
      const sample = skinSample(
        data,
        canvas.width,
        canvas.height,
        scaled,
        (performance.now() - t0) / 1000,
      );
      if (sample) emit.current(sample);
    }, 1000 / LIVE_PHYSIOLOGY.sampleRate);
    return () => clearInterval(timer);
  }, [video]);

  return (
    <div className="pointer-events-none absolute inset-0" data-testid="live-face-guide">
      <FaceGuideOverlay detection={detection} />
      {detection.state === 'initializing' ? (
        <p className="absolute inset-x-3 bottom-3 flex items-center gap-2 rounded-control bg-black/70 px-3 py-1.5 text-xs text-white">
          <Spinner className="size-3.5" /> Initializing Detector...
        </p>
      ) : null}
      {detection.state === 'failed' ? (
        <p
          role="alert"
          className="absolute inset-x-3 bottom-3 rounded-control bg-black/75 px-3 py-1.5 text-xs text-white"
        >
          <TriangleAlert className="mr-1 inline size-3.5 text-camera-off" aria-hidden />
          Error Initializing Detector
          {detection.error ? <span className="block text-white/80">{detection.error}</span> : null}
        </p>
      ) : null}
    </div>
  );
}
