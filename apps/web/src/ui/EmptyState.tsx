import type { ReactNode } from 'react';
import { SearchX, type LucideIcon } from 'lucide-react';
import { cn } from '../lib/cn';
import { Button } from './Button';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  action?: ReactNode;
  className?: string;
}

/** Says what is (not) here and what to do next. */
export function EmptyState({ icon: Icon, title, description, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-card border border-dashed border-border-strong',
        'bg-surface px-6 py-16 text-center',
        className,
      )}
    >
      <span className="grid size-10 place-items-center rounded-full bg-accent-soft text-accent-soft-fg">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="flex max-w-md flex-col gap-1">
        <h2 className="text-base font-semibold text-fg">{title}</h2>
        <p className="text-sm text-muted">{description}</p>
      </div>
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

interface LoadErrorProps {
  icon: LucideIcon;
  /** What could not be loaded, e.g. 'The meetings'. */
  what: string;
  onRetry: () => void;
  className?: string;
}

/** The one answer to a list or section that failed to load: what, why, and a retry. */
export function LoadError({ icon, what, onRetry, className }: LoadErrorProps) {
  return (
    <EmptyState
      icon={icon}
      title={`${what} could not be loaded`}
      description="Check your connection and try again."
      action={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
      className={className}
    />
  );
}

interface NoMatchesProps {
  /** What the list holds, e.g. 'meetings'. */
  what: string;
  /** What to try instead. */
  hint: string;
  onClear: () => void;
  className?: string;
}

/** The one answer to a filtered list with no rows: say so, and offer to clear the filters. */
export function NoMatches({ what, hint, onClear, className }: NoMatchesProps) {
  return (
    <EmptyState
      icon={SearchX}
      title={`No ${what} match these filters`}
      description={hint}
      action={
        <Button variant="secondary" onClick={onClear}>
          Clear filters
        </Button>
      }
      className={className}
    />
  );
}
