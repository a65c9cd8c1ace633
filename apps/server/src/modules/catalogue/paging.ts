import { asc, desc, type AnyColumn } from 'drizzle-orm';

/** A list page as the catalogue repositories take it: the query's sort already parsed. */
export interface PageOptions<Field extends string> {
  search?: string;
  sort: { field: Field; direction: 'asc' | 'desc' };
  page: number;
  size: number;
}

/** 'name:asc' -> { field: 'name', direction: 'asc' } (the contract checked the field). */
export function parseSort<Field extends string>(sort: string): PageOptions<Field>['sort'] {
  const [field, direction] = sort.split(':') as [Field, 'asc' | 'desc'];
  return { field, direction };
}

/** ORDER BY the chosen column, then `tieBreak` so pages never overlap on equal values. */
export function orderOf<Field extends string>(
  columns: Record<Field, AnyColumn>,
  sort: PageOptions<Field>['sort'],
  tieBreak: AnyColumn,
) {
  const by = sort.direction === 'asc' ? asc : desc;
  return [by(columns[sort.field]), asc(tieBreak)];
}

export const offsetOf = (opts: { page: number; size: number }) => opts.page * opts.size;
