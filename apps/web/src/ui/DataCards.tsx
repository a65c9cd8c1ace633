import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Checkbox } from './Checkbox';
import { Skeleton } from './Skeleton';

interface DataCardsProps<T> {
  label: string;
  rows: T[];
  rowKey(row: T): string;
  rowLabel(row: T): string;
  renderCard?(row: T): ReactNode;
  skeletons: number;
  busy: boolean;
  refreshing: boolean;
  /** Shown instead of the list when set. */
  empty: ReactNode;
  selection?: { selected: ReadonlySet<string>; toggle(key: string, on: boolean): void };
  sortSelect: ReactNode;
}

/** The narrow-screen layout of DataTable: a sort choice and one card per row. */
export function DataCards<T>(props: DataCardsProps<T>) {
  const { rows, rowKey, selection } = props;
  return (
    <div className="flex flex-col gap-3">
      {props.sortSelect}
      {props.empty ? (
        props.empty
      ) : (
        <ul
          aria-label={props.label}
          aria-busy={props.busy || undefined}
          className="flex flex-col gap-2"
        >
          {Array.from({ length: props.skeletons }, (_, i) => (
            <li
              key={`s${i}`}
              className="flex gap-3 rounded-card border border-border bg-surface p-3"
            >
              <Skeleton className="h-12 w-20" />
              <div className="flex flex-1 flex-col gap-2 pt-1">
                <Skeleton className="h-3.5 w-3/4" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            </li>
          ))}
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <li
                key={key}
                className={cn(
                  'flex items-start gap-3 rounded-card border border-border bg-surface p-3 shadow-sm',
                  props.refreshing && 'opacity-60',
                )}
              >
                {selection ? (
                  <Checkbox
                    className="mt-1"
                    label={`Select ${props.rowLabel(row)}`}
                    checked={selection.selected.has(key)}
                    onCheckedChange={(on) => selection.toggle(key, on)}
                  />
                ) : null}
                <div className="min-w-0 flex-1">{props.renderCard?.(row)}</div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
