import { CircleAlert } from 'lucide-react';
import { cn } from '../lib/cn';

/** A message about the whole form (e.g. the server's answer), shown above its actions. */
export function FormError({ message, className }: { message?: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      data-testid="form-error"
      className={cn(
        'flex items-start gap-2 rounded-card border border-danger/30 bg-danger-soft px-3 py-2 text-sm break-words text-danger',
        className,
      )}
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span className="min-w-0">{message}</span>
    </p>
  );
}
