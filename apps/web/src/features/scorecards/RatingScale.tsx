import { RATING_MAX, RATING_MIN } from '@parley/contracts';
import { cn } from '../../lib/cn';

const LEVELS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/** A 1–5 choice as a radio group of buttons (arrow keys move between levels). */
export function RatingScale({
  label,
  value,
  disabled,
  onChange,
}: {
  label: string;
  value: number | null;
  disabled?: boolean;
  onChange(value: number): void;
}) {
  const move = (delta: number) => {
    const next = Math.min(RATING_MAX, Math.max(RATING_MIN, (value ?? RATING_MIN - delta) + delta));
    onChange(next);
  };
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className="flex gap-1"
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight' || e.key === 'ArrowUp') {
          e.preventDefault();
          move(1);
        } else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') {
          e.preventDefault();
          move(-1);
        }
      }}
    >
      {LEVELS.map((n) => {
        const checked = value === n;
        return (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={`${n} of ${RATING_MAX}`}
            tabIndex={checked || (value === null && n === RATING_MIN) ? 0 : -1}
            disabled={disabled}
            onClick={() => onChange(n)}
            className={cn(
              'tabular grid size-9 place-items-center rounded-control border text-sm font-semibold',
              'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-50',
              checked
                ? 'border-accent bg-accent text-accent-fg'
                : 'border-border-strong bg-surface text-fg hover:bg-surface-2',
            )}
          >
            {n}
          </button>
        );
      })}
    </div>
  );
}

/** The tone of a 1–5 rating: concerns red, strengths green. */
export const ratingTone = (rating: number) =>
  rating >= 4 ? ('success' as const) : rating <= 2 ? ('danger' as const) : ('neutral' as const);
