import { cn } from '../lib/cn';

interface ProgressBarProps {
  /** 0–100; omit for an indeterminate bar. */
  value?: number;
  label: string;
  className?: string;
  tone?: 'accent' | 'success' | 'danger';
}

const fills = { accent: 'bg-accent', success: 'bg-success', danger: 'bg-danger' };

/** A progress bar with an accessible name and value. */
export function ProgressBar({ value, label, className, tone = 'accent' }: ProgressBarProps) {
  const determinate = typeof value === 'number';
  const v = determinate ? Math.max(0, Math.min(100, value)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={determinate ? v : undefined}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-surface-3', className)}
    >
      {determinate ? (
        <div
          className={cn('h-full rounded-full transition-[width] duration-300', fills[tone])}
          style={{ width: `${v}%` }}
        />
      ) : (
        <div className={cn('animate-indeterminate h-full w-2/5 rounded-full', fills[tone])} />
      )}
    </div>
  );
}
