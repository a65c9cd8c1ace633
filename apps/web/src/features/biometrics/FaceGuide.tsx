import { CircleCheck, ScanFace, TriangleAlert } from 'lucide-react';
import { FACE_GUIDE } from '@parley/contracts';
import { cn } from '../../lib/cn';
import { Spinner } from '../../ui';
import { detectionErrorText } from './face-guide';
import type { FaceDetection } from './use-face-detector';

type GuideTone = 'ok' | 'off' | 'neutral';

function tone(d: FaceDetection): GuideTone {
  if (d.state !== 'ready') return 'neutral';
  return d.inRegion ? 'ok' : 'off';
}

const BRACKET = {
  ok: 'border-camera-ok',
  off: 'border-camera-off',
  neutral: 'border-white/80',
} satisfies Record<GuideTone, string>;

const BAND = {
  ok: 'via-camera-ok/45',
  off: 'via-camera-off/45',
  neutral: 'via-white/30',
} satisfies Record<GuideTone, string>;

const CORNERS = [
  'top-0 left-0 border-t-[3px] border-l-[3px] rounded-tl-control',
  'top-0 right-0 border-t-[3px] border-r-[3px] rounded-tr-control',
  'bottom-0 left-0 border-b-[3px] border-l-[3px] rounded-bl-control',
  'bottom-0 right-0 border-b-[3px] border-r-[3px] rounded-br-control',
];

/**
 * Spec 2 §2 face guide, drawn over the camera preview: the oval of the target region with
 * corner brackets and a scanning band, green while the face is inside, red while it is not,
 * white while the detector is starting or could not start. The band only sweeps for people who
 * have not asked for reduced motion. The hint and detection errors sit on the picture too.
 */
export function FaceGuideOverlay({ detection }: { detection: FaceDetection }) {
  const t = tone(detection);
  const [x0, x1] = FACE_GUIDE.x;
  const [y0, y1] = FACE_GUIDE.y;
  const state =
    detection.state === 'ready'
      ? detection.inRegion
        ? 'in-region'
        : 'out-of-region'
      : detection.state;
  return (
    <>
      <div
        aria-hidden
        data-testid="face-guide"
        data-state={state}
        data-backend={detection.backend}
        className="pointer-events-none absolute"
        style={{
          left: `${x0 * 100}%`,
          width: `${(x1 - x0) * 100}%`,
          top: `${y0 * 100}%`,
          height: `${(y1 - y0) * 100}%`,
        }}
      >
        <div
          className="absolute inset-0 overflow-hidden rounded-[50%] border-2 border-dashed border-white/85"
          style={{ boxShadow: '0 0 0 9999px rgb(0 0 0 / 0.35)' }}
        >
          {detection.state !== 'failed' ? (
            <div className="absolute inset-0 motion-safe:animate-face-scan motion-reduce:hidden">
              <div
                className={cn(
                  'h-1/5 w-full bg-linear-to-b from-transparent to-transparent',
                  BAND[t],
                )}
              />
            </div>
          ) : null}
        </div>
        {CORNERS.map((corner) => (
          <span
            key={corner}
            data-testid="face-guide-corner"
            className={cn('absolute size-6 transition-colors', corner, BRACKET[t])}
          />
        ))}
      </div>
      <p className="pointer-events-none absolute top-3 left-1/2 -translate-x-1/2 rounded-full bg-black/60 px-3 py-1 text-xs font-medium whitespace-nowrap text-white">
        Center your face in the frame.
      </p>
      {detection.detectionError ? (
        <p
          role="alert"
          className="absolute inset-x-3 bottom-3 flex items-center gap-2 rounded-control bg-black/75 px-3 py-2 text-xs text-white"
        >
          <TriangleAlert className="size-4 shrink-0 text-camera-off" aria-hidden />
          {detectionErrorText(detection.detectionError)}
        </p>
      ) : null}
    </>
  );
}

/**
 * The detector's state in words under the preview, so it reads without colour (DESIGN.md) and
 * reaches screen readers politely. `detail` says what the participant can do next.
 */
export function FaceStatus({
  id,
  detection,
  detail,
}: {
  id: string;
  detection: FaceDetection;
  detail?: string;
}) {
  let icon = <Spinner className="text-muted" />;
  let title = 'Initializing Detector...';
  let notes = [detail];
  if (detection.state === 'failed') {
    icon = <TriangleAlert className="size-4 text-warning" aria-hidden />;
    title = 'Error Initializing Detector';
    notes = [detection.error, 'You can still record: keep your face inside the oval.'];
  } else if (detection.state === 'ready' && detection.inRegion) {
    icon = <CircleCheck className="size-4 text-success" aria-hidden />;
    title = 'Face detected — hold still';
  } else if (detection.state === 'ready') {
    icon = <ScanFace className="size-4 text-danger" aria-hidden />;
    title = 'Move into the frame';
  }
  return (
    <div id={id} data-testid="face-status" aria-live="polite" className="flex gap-2 text-sm">
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div className="flex flex-col gap-0.5">
        <p className="font-medium text-fg">{title}</p>
        {notes.map((note) =>
          note ? (
            <p key={note} className="text-muted">
              {note}
            </p>
          ) : null,
        )}
      </div>
    </div>
  );
}
