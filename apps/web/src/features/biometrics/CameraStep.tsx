import { useEffect, useRef, useState } from 'react';
import { Camera, RotateCcw, Upload } from 'lucide-react';
import { REGISTRATION_VIDEO } from '@parley/contracts';
import { Button, ProgressBar } from '../../ui';
import { FaceGuideOverlay, FaceStatus } from './FaceGuide';
import { recorderType } from './registration';
import { useFaceDetector } from './use-face-detector';

type Phase = 'preview' | 'countdown' | 'recording' | 'recorded';

const COUNTDOWN = 3;
/**
 * How long a ready detector may miss the face before recording is allowed anyway: a detector
 * that does not see someone (light, glasses, a camera angle) must never lock them out.
 */
const FACE_WAIT_MS = 10_000;

/**
 * Live preview with the face guide (the spec's target region, followed by the face detector),
 * a 3-2-1 countdown, about five seconds of recording with progress, then a review with retake
 * or upload. While the detector runs, recording starts only with the face inside the guide, or
 * after FACE_WAIT_MS without it; a detector that failed does not hold anyone back.
 */
export function CameraStep({
  stream,
  onUpload,
}: {
  stream: MediaStream;
  onUpload(clip: Blob): void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [phase, setPhase] = useState<Phase>('preview');
  const [count, setCount] = useState(COUNTDOWN);
  const [elapsed, setElapsed] = useState(0);
  const [clip, setClip] = useState<Blob | null>(null);
  const [clipUrl, setClipUrl] = useState<string | null>(null);
  // The detector runs while the preview is shown and is disposed once the clip is recorded.
  const detection = useFaceDetector(video, phase !== 'recorded');
  const needsFace =
    detection.state === 'ready' && !detection.inRegion && detection.detectionError === undefined;
  const [unlocked, setUnlocked] = useState(false);
  useEffect(() => {
    if (!needsFace || unlocked) return;
    const t = setTimeout(() => setUnlocked(true), FACE_WAIT_MS);
    return () => clearTimeout(t);
  }, [needsFace, unlocked]);
  const blocked = phase === 'preview' && needsFace && !unlocked;

  useEffect(() => {
    if (video.current && phase !== 'recorded') video.current.srcObject = stream;
  }, [stream, phase]);
  useEffect(() => () => void (clipUrl && URL.revokeObjectURL(clipUrl)), [clipUrl]);

  useEffect(() => {
    if (phase !== 'countdown') return;
    if (count === 0) {
      record();
      return;
    }
    const t = setTimeout(() => setCount((c) => c - 1), 1000);
    return () => clearTimeout(t);
    // record reads only refs and setters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase, count]);

  function record() {
    const type = recorderType();
    const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
    const parts: Blob[] = [];
    recorder.ondataavailable = (e) => e.data.size > 0 && parts.push(e.data);
    recorder.onstop = () => {
      const blob = new Blob(parts, {
        type: (recorder.mimeType || type || 'video/webm').split(';')[0],
      });
      setClip(blob);
      setClipUrl(URL.createObjectURL(blob));
      setPhase('recorded');
    };
    const started = performance.now();
    const total = REGISTRATION_VIDEO.recordSeconds * 1000;
    const tick = setInterval(() => {
      const ms = performance.now() - started;
      setElapsed(Math.min(1, ms / total));
      if (ms >= total) {
        clearInterval(tick);
        recorder.stop();
      }
    }, 100);
    recorder.start(250);
    setElapsed(0);
    setPhase('recording');
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-card bg-black">
        {phase === 'recorded' && clipUrl ? (
          <video
            src={clipUrl}
            controls
            playsInline
            className="size-full object-cover"
            aria-label="Your recording"
          />
        ) : (
          <video
            ref={video}
            autoPlay
            muted
            playsInline
            className="size-full -scale-x-100 object-cover"
            aria-label="Camera preview"
          />
        )}
        {phase !== 'recorded' ? <FaceGuideOverlay detection={detection} /> : null}
        {phase === 'countdown' ? (
          <div
            className="absolute inset-0 grid place-items-center text-6xl font-semibold text-white tabular-nums"
            aria-live="assertive"
          >
            {count}
          </div>
        ) : null}
        {phase === 'recording' ? (
          <span className="absolute top-3 left-3 flex items-center gap-1.5 rounded-control bg-danger px-2 py-1 text-xs font-medium text-white">
            <span className="size-2 animate-pulse rounded-full bg-white" aria-hidden /> Recording
          </span>
        ) : null}
      </div>
      {phase === 'recorded' ? (
        <p className="text-sm text-muted" aria-live="polite">
          Check your recording: your face should be clearly visible. Retake it or upload it.
        </p>
      ) : (
        <FaceStatus
          id="face-status"
          detection={detection}
          detail={
            blocked
              ? 'Recording can start once your face is inside the frame.'
              : needsFace && phase === 'preview'
                ? 'Your face isn’t found inside the frame. You can still record: keep it inside the oval.'
                : undefined
          }
        />
      )}
      {phase === 'recording' ? (
        <ProgressBar value={elapsed * 100} label="Recording progress" />
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {phase === 'recorded' ? (
          <>
            <Button
              variant="secondary"
              onClick={() => {
                setClip(null);
                setCount(COUNTDOWN);
                setPhase('preview');
              }}
            >
              <RotateCcw aria-hidden /> Retake
            </Button>
            <Button onClick={() => clip && onUpload(clip)} disabled={!clip}>
              <Upload aria-hidden /> Upload recording
            </Button>
          </>
        ) : (
          <Button
            onClick={() => {
              setCount(COUNTDOWN);
              setPhase('countdown');
            }}
            disabled={phase !== 'preview' || blocked}
            aria-describedby={blocked ? 'face-status' : undefined}
          >
            <Camera aria-hidden /> {phase === 'preview' ? 'Start recording' : 'Recording…'}
          </Button>
        )}
      </div>
    </div>
  );
}
