import { useMemo, useState } from 'react';
import type { HrListQuery, InterviewStatus } from '@parley/contracts';
import {
  DEFAULT_PAGE_SIZE,
  sortToOrder,
  type Pagination,
  type SortState,
} from '../../lib/table-state';

export const ALL = 'all';

export interface HrFilters {
  search: string;
  /** 'all' or an interview status. */
  status: InterviewStatus | typeof ALL;
  /** 'all' or a job id. */
  jobId: string;
  /** yyyy-mm-dd or empty. */
  from: string;
  to: string;
  /** null: every round (the 'All rounds' tab). */
  round: number | null;
}

export const initialHrFilters: HrFilters = {
  search: '',
  status: ALL,
  jobId: ALL,
  from: '',
  to: '',
  round: null,
};
const DEFAULT_SORT: SortState = { id: 'startTime', desc: true };

/** The HR list's filters, sort and page, and the query they make (spec 2 §2 table state). */
export function useHrListState() {
  const [filters, setFilters] = useState<HrFilters>(initialHrFilters);
  const [sort, setSortState] = useState<SortState>(DEFAULT_SORT);
  const [pagination, setPagination] = useState<Pagination>({
    pageIndex: 0,
    pageSize: DEFAULT_PAGE_SIZE,
  });

  const query = useMemo<HrListQuery>(
    () => ({
      page: pagination.pageIndex,
      size: pagination.pageSize,
      order: sortToOrder(sort),
      ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
      ...(filters.status !== ALL ? { interviewStatus: filters.status } : {}),
      ...(filters.jobId !== ALL ? { jobId: filters.jobId } : {}),
      ...(filters.from ? { from: filters.from } : {}),
      ...(filters.to ? { to: filters.to } : {}),
      ...(filters.round !== null ? { round: filters.round } : {}),
    }),
    [filters, sort, pagination],
  );
  const filtered =
    filters.search !== '' ||
    filters.status !== ALL ||
    filters.jobId !== ALL ||
    filters.from !== '' ||
    filters.to !== '';

  return {
    filters,
    sort,
    pagination,
    query,
    filtered,
    setFilter<K extends keyof HrFilters>(key: K, value: HrFilters[K]) {
      setFilters((f) => ({ ...f, [key]: value }));
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    resetFilters() {
      setFilters((f) => ({ ...initialHrFilters, round: f.round }));
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    setSort(next: SortState) {
      setSortState(next);
      setPagination((p) => ({ ...p, pageIndex: 0 }));
    },
    setPage: (pageIndex: number) => setPagination((p) => ({ ...p, pageIndex })),
  };
}
export type HrListState = ReturnType<typeof useHrListState>;
