import { TriangleAlert, Play } from 'lucide-react';
import { Button, Spinner } from '../../ui';

/**
 * Spec 2 §2: before the avatar streams, the page shows its poster — the 'something went wrong'
 * picture, which stays if the avatar cannot be loaded. With the avatar loaded, a button lets
 * a person start it by hand (browsers play sound only after a gesture on a fresh page).
 */
export function Poster({
  width,
  state,
  onStart,
}: {
  width: number;
  state: 'loading' | 'waiting' | 'failed';
  onStart?: (() => void) | undefined;
}) {
  return (
    <div
      className="flex aspect-square flex-col items-center justify-center gap-4 rounded-lg border border-border bg-surface-2 p-6 text-center"
      style={{ width }}
      data-testid="avatar-poster"
    >
      <svg viewBox="0 0 120 90" className="w-1/2" aria-hidden>
        <rect
          x="6"
          y="10"
          width="108"
          height="70"
          rx="8"
          className="fill-surface-3 stroke-border-strong"
          strokeWidth="2"
        />
        <path
          d="M40 60 Q60 44 80 60"
          className="stroke-muted"
          strokeWidth="4"
          fill="none"
          strokeLinecap="round"
        />
        <circle cx="44" cy="38" r="5" className="fill-muted" />
        <circle cx="76" cy="38" r="5" className="fill-muted" />
      </svg>
      {state === 'loading' && <Spinner label="Loading the avatar" />}
      {state === 'failed' && (
        <p className="flex items-center gap-2 text-sm text-muted">
          <TriangleAlert className="size-4" aria-hidden /> Something went wrong
        </p>
      )}
      {state === 'waiting' && (
        <>
          <p className="text-sm text-muted">
            The avatar will speak when the interview sends its first words.
          </p>
          {onStart && (
            <Button variant="secondary" onClick={onStart}>
              <Play className="size-4" aria-hidden /> Start
            </Button>
          )}
        </>
      )}
    </div>
  );
}
