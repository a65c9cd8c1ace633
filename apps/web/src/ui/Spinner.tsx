import { LoaderCircle } from 'lucide-react';
import { cn } from '../lib/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <LoaderCircle
      className={cn('size-4 animate-spin', className)}
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? 'status' : undefined}
    />
  );
}

/** Full-page spinner shown while authentication is being settled. */
export function PageSpinner() {
  return (
    <div className="grid min-h-dvh place-items-center bg-bg" role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-3 text-muted">
        <LoaderCircle className="size-6 animate-spin text-accent" aria-hidden />
        <span className="sr-only">Loading</span>
      </div>
    </div>
  );
}
