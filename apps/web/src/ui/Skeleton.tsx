import { cn } from '../lib/cn';

/** A grey placeholder block that pulses while content loads. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={cn('animate-shimmer block rounded-control bg-surface-3', className)}
    />
  );
}
