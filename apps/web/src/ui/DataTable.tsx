import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { cn } from '../lib/cn';
import { sortToOrder, parseSort, type SortState } from '../lib/table-state';
import { useMediaQuery } from '../lib/use-media-query';
import { Checkbox } from './Checkbox';
import { DataCards } from './DataCards';
import { Pagination } from './Pagination';
import { SelectField } from './Select';
import { Skeleton } from './Skeleton';

export interface DataColumn<T> {
  id: string;
  header: string;
  cell(row: T): ReactNode;
  sortable?: boolean;
  /** The first click sorts descending (dates, durations). */
  descFirst?: boolean;
  /** Classes for the header and the cells (width, alignment). */
  className?: string;
  /** Header text for assistive technology only (an actions column). */
  hideHeader?: boolean;
}

export interface SortOption {
  label: string;
  sort: SortState;
}

export interface DataTableProps<T> {
  /** Accessible name of the table. */
  label: string;
  columns: DataColumn<T>[];
  rows: T[];
  rowKey(row: T): string;
  /** Names a row for its selection checkbox: 'Select {rowLabel}'. */
  rowLabel(row: T): string;
  /** First load: skeleton rows instead of rows. */
  loading?: boolean;
  /** Previous rows kept while the next page or filter loads. */
  refreshing?: boolean;
  sort?: SortState;
  onSortChange?(sort: SortState): void;
  /** Shown instead of rows when there are none. */
  empty?: ReactNode;
  pagination?: {
    pageIndex: number;
    pageSize: number;
    count: number;
    onPageChange(pageIndex: number): void;
    noun?: string;
  };
  selection?: { selected: ReadonlySet<string>; onChange(next: Set<string>): void };
  /** Narrow screens (below 768 px) show one card per row instead of the table. */
  renderCard?(row: T): ReactNode;
  /** The sort choices above the cards; derived from the sortable columns when absent. */
  cardSortOptions?: SortOption[];
  className?: string;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function sortOptionFor<T>(sort: SortState, columns: DataColumn<T>[]): SortOption {
  const header = columns.find((c) => c.id === sort.id)?.header ?? sort.id;
  return { label: `${header}, ${sort.desc ? 'descending' : 'ascending'}`, sort };
}

function nextSort<T>(col: DataColumn<T>, current?: SortState): SortState {
  if (current?.id === col.id) return { id: col.id, desc: !current.desc };
  return { id: col.id, desc: col.descFirst === true };
}

/**
 * The one table of the app (DESIGN: list pages): sortable headers with aria-sort, skeleton rows,
 * an empty slot, pagination and optional row selection; cards on narrow screens.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, rowKey, loading, refreshing, sort, onSortChange, selection } = props;
  const narrow = useMediaQuery('(max-width: 767px)');
  const useCards = narrow && props.renderCard !== undefined;
  const skeletons = loading && rows.length === 0 ? (props.pagination?.pageSize ?? 5) : 0;
  const showEmpty = !loading && rows.length === 0;

  const keys = rows.map(rowKey);
  const selectedHere = selection ? keys.filter((k) => selection.selected.has(k)).length : 0;
  const allState: boolean | 'indeterminate' =
    selectedHere === 0 ? false : selectedHere === keys.length ? true : 'indeterminate';
  const toggleAll = (on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    keys.forEach((k) => (on ? next.add(k) : next.delete(k)));
    selection.onChange(next);
  };
  const toggleOne = (key: string, on: boolean) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (on) next.add(key);
    else next.delete(key);
    selection.onChange(next);
  };

  const baseOptions: SortOption[] =
    props.cardSortOptions ??
    columns
      .filter((c) => c.sortable)
      .flatMap((c) => [
        { label: `${c.header}, ascending`, sort: { id: c.id, desc: false } },
        { label: `${c.header}, descending`, sort: { id: c.id, desc: true } },
      ]);
  // A sort chosen in the wide table may have no card option: keep it selectable.
  const sortOptions =
    sort && !baseOptions.some((o) => sortToOrder(o.sort) === sortToOrder(sort))
      ? [sortOptionFor(sort, columns), ...baseOptions]
      : baseOptions;

  const body = useCards ? (
    <DataCards
      label={props.label}
      rows={rows}
      rowKey={rowKey}
      rowLabel={props.rowLabel}
      renderCard={props.renderCard}
      skeletons={skeletons}
      busy={Boolean(loading || refreshing)}
      refreshing={Boolean(refreshing)}
      empty={showEmpty ? props.empty : null}
      selection={selection ? { selected: selection.selected, toggle: toggleOne } : undefined}
      sortSelect={
        sort && onSortChange && sortOptions.length > 0 ? (
          <SelectField
            labelInside
            label="Sort by"
            value={sortToOrder(sort)}
            onValueChange={(v) => onSortChange(parseSort(v))}
            options={sortOptions.map((o) => ({ value: sortToOrder(o.sort), label: o.label }))}
          />
        ) : null
      }
    />
  ) : (
    <div className="overflow-x-auto rounded-card border border-border bg-surface shadow-sm">
      <table
        aria-label={props.label}
        aria-busy={loading || refreshing || undefined}
        className="w-full border-collapse text-sm"
      >
        <thead>
          <tr className="border-b border-border bg-surface-2/60 text-left">
            {selection ? (
              <th scope="col" className="w-10 px-3 py-2.5">
                <Checkbox
                  label="Select all rows"
                  checked={allState}
                  disabled={keys.length === 0}
                  onCheckedChange={toggleAll}
                />
              </th>
            ) : null}
            {columns.map((col) => {
              const active = sort?.id === col.id;
              const dir = active ? (sort?.desc ? 'desc' : 'asc') : null;
              return (
                <th
                  key={col.id}
                  scope="col"
                  aria-sort={col.sortable ? (dir ? ARIA_SORT[dir] : 'none') : undefined}
                  className={cn(
                    'px-3 py-2.5 text-xs font-medium whitespace-nowrap text-muted',
                    col.className,
                  )}
                >
                  {col.hideHeader ? (
                    <span className="sr-only">{col.header}</span>
                  ) : col.sortable && onSortChange ? (
                    <button
                      type="button"
                      onClick={() => onSortChange(nextSort(col, sort))}
                      className={cn(
                        '-mx-1.5 inline-flex items-center gap-1 rounded-control px-1.5 py-0.5 hover:bg-surface-3 hover:text-fg',
                        'focus-visible:outline-2 focus-visible:outline-ring',
                        active && 'text-fg',
                      )}
                    >
                      {col.header}
                      {dir === 'asc' ? (
                        <ArrowUp className="size-3.5" aria-hidden />
                      ) : dir === 'desc' ? (
                        <ArrowDown className="size-3.5" aria-hidden />
                      ) : (
                        <ChevronsUpDown className="size-3.5 opacity-50" aria-hidden />
                      )}
                    </button>
                  ) : (
                    col.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={cn(refreshing && 'opacity-60 transition-opacity')}>
          {Array.from({ length: skeletons }, (_, i) => (
            <tr key={`s${i}`} className="border-b border-border last:border-0" aria-hidden>
              {selection ? (
                <td className="px-3 py-3">
                  <Skeleton className="size-4" />
                </td>
              ) : null}
              {columns.map((col, c) => (
                <td key={col.id} className={cn('px-3 py-3', col.className)}>
                  <Skeleton className={cn('h-3.5', c === 0 ? 'w-48' : 'w-16')} />
                </td>
              ))}
            </tr>
          ))}
          {rows.map((row) => {
            const key = rowKey(row);
            const checked = selection?.selected.has(key) ?? false;
            return (
              <tr
                key={key}
                className={cn(
                  'border-b border-border transition-colors last:border-0 hover:bg-surface-2/60',
                  checked && 'bg-accent-soft/50',
                )}
              >
                {selection ? (
                  <td className="px-3 py-2.5">
                    <Checkbox
                      label={`Select ${props.rowLabel(row)}`}
                      checked={checked}
                      onCheckedChange={(on) => toggleOne(key, on)}
                    />
                  </td>
                ) : null}
                {columns.map((col) => (
                  <td
                    key={col.id}
                    className={cn('px-3 py-2.5 align-middle text-fg', col.className)}
                  >
                    {col.cell(row)}
                  </td>
                ))}
              </tr>
            );
          })}
          {showEmpty ? (
            <tr>
              <td colSpan={columns.length + (selection ? 1 : 0)} className="p-4">
                {props.empty}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );

  return (
    <div className={cn('flex flex-col gap-4', props.className)}>
      {body}
      {props.pagination && !(showEmpty && props.pagination.count === 0) ? (
        <Pagination {...props.pagination} />
      ) : null}
    </div>
  );
}
