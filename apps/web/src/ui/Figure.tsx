import { formatNumber } from '../lib/format';
import { Skeleton } from './Skeleton';

/**
 * One count on a card (a dashboard's users, activity…), a skeleton until it is known. Goes in a
 * `<dl>`: the label is its term, the number its description.
 */
export function Figure({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="flex flex-col gap-1 rounded-card border border-border bg-surface p-4 shadow-sm">
      <dt className="text-xs font-medium text-muted">{label}</dt>
      <dd>
        {value === undefined ? (
          <Skeleton className="h-8 w-16" />
        ) : (
          <span className="tabular text-2xl font-semibold text-fg">{formatNumber(value)}</span>
        )}
      </dd>
    </div>
  );
}
