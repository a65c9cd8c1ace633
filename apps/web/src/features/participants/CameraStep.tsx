import { useEffect, useRef, useState } from 'react';
import { Camera, RotateCcw, Upload } from 'lucide-react';
import { FACE_GUIDE, REGISTRATION_VIDEO } from '@parley/contracts';
import { Button, ProgressBar } from '../../ui';
import { recorderType } from './registration';

type Phase = 'preview' | 'countdown' | 'recording' | 'recorded';

const COUNTDOWN = 3;

/**
 * Live preview with the face guide (the spec's target region), a 3-2-1 countdown, about five
 * seconds of recording with progress, then a review with retake or upload.
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

  const [x0, x1] = FACE_GUIDE.x;
  const [y0, y1] = FACE_GUIDE.y;
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
        {phase !== 'recorded' ? (
          <div
            aria-hidden
            data-testid="face-guide"
            className="pointer-events-none absolute rounded-[50%] border-2 border-dashed border-white/85"
            style={{
              boxShadow: '0 0 0 9999px rgb(0 0 0 / 0.35)',
              left: `${x0 * 100}%`,
              width: `${(x1 - x0) * 100}%`,
              top: `${y0 * 100}%`,
              height: `${(y1 - y0) * 100}%`,
            }}
          />
        ) : null}
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
      <p className="text-sm text-muted" aria-live="polite">
        {phase === 'recorded'
          ? 'Check your recording: your face should be clearly visible. Retake it or upload it.'
          : 'Center your face in the frame.'}
      </p>
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
            disabled={phase !== 'preview'}
          >
            <Camera aria-hidden /> {phase === 'preview' ? 'Start recording' : 'Recording…'}
          </Button>
        )}
      </div>
    </div>
  );
}
