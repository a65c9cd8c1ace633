/** The parts of a list's state every table shares: its sort and its pages (no domain). */

export interface SortState {
  id: string;
  desc: boolean;
}

export interface Pagination {
  pageIndex: number;
  pageSize: number;
}

export const DEFAULT_PAGE_SIZE = 10;

/** 'field:asc' or 'field:desc', as list routes take it; anything but asc is descending. */
export function parseSort(order: string): SortState {
  const [id, dir] = order.split(':');
  return { id: id || 'createdAt', desc: dir !== 'asc' };
}

export function sortToOrder(sort: SortState): string {
  return `${sort.id}:${sort.desc ? 'desc' : 'asc'}`;
}

/** Page count is the ceiling of count over page size, and at least 1. */
export function pageCount(count: number, pageSize: number): number {
  if (!(pageSize > 0) || !(count > 0)) return 1;
  return Math.max(1, Math.ceil(count / pageSize));
}
