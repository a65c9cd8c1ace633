import type { ReactNode } from 'react';
import { Info, type LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Skeleton, Tooltip } from '..';

interface ChartCardProps {
  title: string;
  /** What the chart shows and how it is computed (the info tooltip). */
  info?: ReactNode;
  loading?: boolean;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: { icon: LucideIcon; text: string } | null;
  testId?: string;
  children: ReactNode;
  className?: string;
}

/** A titled analytics card with its loading (skeleton) and empty states (DESIGN: charts). */
export function ChartCard({
  title,
  info,
  loading,
  empty,
  testId,
  children,
  className,
}: ChartCardProps) {
  return (
    <section
      aria-label={title}
      data-testid={testId}
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-card border border-border bg-surface p-4 shadow-sm',
        className,
      )}
    >
      <header className="flex items-center gap-1.5">
        <h3 className="text-sm font-semibold text-fg">{title}</h3>
        {info ? (
          <Tooltip label={<span className="block max-w-64 font-normal">{info}</span>}>
            <button
              type="button"
              aria-label={`About ${title}`}
              className="grid size-5 place-items-center rounded-full text-subtle hover:text-fg"
            >
              <Info className="size-3.5" aria-hidden />
            </button>
          </Tooltip>
        ) : null}
      </header>
      {loading ? (
        <div
          className="flex flex-col gap-2"
          role="status"
          aria-busy="true"
          aria-label={`Loading ${title}`}
        >
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-28 w-full" />
        </div>
      ) : empty ? (
        <div className="flex min-h-28 flex-col items-center justify-center gap-2 text-center">
          <empty.icon className="size-5 text-subtle" aria-hidden />
          <p className="max-w-60 text-sm text-muted">{empty.text}</p>
        </div>
      ) : (
        children
      )}
    </section>
  );
}
