/**
 * Table state of every meeting list (spec 2 §2 "Meeting lists", §9 defaults): typed filters,
 * the derived query (search, filter, sort) and pagination; sort and pages as every table has them.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  INFERENCE_STATUSES,
  MEETING_STAGES,
  type MeetingListQuery,
  type MeetingStage,
} from '@parley/contracts';
import type { InferenceStatus } from '../../../lib/realtime';
import {
  DEFAULT_PAGE_SIZE,
  parseSort,
  sortToOrder,
  type Pagination,
  type SortState,
} from '../../../lib/table-state';

export const ALL_MEETINGS = 'All Meetings';
export const ALL_STAGES = 'All_Stages';
export const ALL_STATUSES = 'all';
export const DEFAULT_SORT = 'createdAt:desc';
export const DEFAULT_PAGE_INDEX = 0;

export interface DateRange {
  /** yyyy-mm-dd (a local calendar day) or empty. */
  from: string;
  to: string;
}
export interface ScoreRange {
  min: number;
  max: number;
}
export interface NamedRef {
  name: string;
  id: string;
}

export interface TableFilters {
  category: string;
  stage: string;
  search: string;
  order: string;
  name: NamedRef | null;
  date: DateRange | null;
  score: ScoreRange | null;
  deal: string;
  selectedColumn: string;
  /** Library: the analysis status filter ('all' or an inference status). */
  status: string;
}

export interface TableState {
  filters: TableFilters;
  sort: SortState;
  pagination: Pagination;
  /** Row flags (spec 2 §2). */
  isLoading: boolean;
  isUpdateAction: boolean;
  isInvalidating: boolean;
  skip: boolean;
}

export const initialFilters: TableFilters = {
  category: ALL_MEETINGS,
  stage: ALL_STAGES,
  search: '',
  order: '',
  name: null,
  date: null,
  score: null,
  deal: '',
  selectedColumn: '',
  status: ALL_STATUSES,
};

export function initialTableState(): TableState {
  return {
    filters: { ...initialFilters },
    sort: parseSort(DEFAULT_SORT),
    pagination: { pageIndex: DEFAULT_PAGE_INDEX, pageSize: DEFAULT_PAGE_SIZE },
    isLoading: false,
    isUpdateAction: false,
    isInvalidating: false,
    skip: false,
  };
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** One validator per filter key: only values of the right type are accepted. */
const validators: { [K in keyof TableFilters]: (v: unknown) => v is TableFilters[K] } = {
  category: isString,
  stage: (v): v is string =>
    isString(v) && (v === ALL_STAGES || (MEETING_STAGES as readonly string[]).includes(v)),
  search: isString,
  order: isString,
  name: (v): v is NamedRef | null =>
    v === null || (isRecord(v) && isString(v.name) && isString(v.id)),
  date: (v): v is DateRange | null =>
    v === null || (isRecord(v) && isString(v.from) && isString(v.to)),
  score: (v): v is ScoreRange | null =>
    v === null || (isRecord(v) && isNumber(v.min) && isNumber(v.max)),
  deal: isString,
  selectedColumn: isString,
  status: (v): v is string =>
    isString(v) && (v === ALL_STATUSES || (INFERENCE_STATUSES as readonly string[]).includes(v)),
};

/**
 * Set one filter. A value of the wrong type for its key is ignored (the same filters come back).
 * Any accepted change returns to the first page.
 */
export function setFilter<K extends keyof TableFilters>(
  state: TableState,
  key: K,
  value: unknown,
): TableState {
  const validate = validators[key] as ((v: unknown) => boolean) | undefined;
  if (!validate || !validate(value)) return state;
  return {
    ...state,
    filters: { ...state.filters, [key]: value },
    pagination: { ...state.pagination, pageIndex: 0 },
  };
}

export function resetFilters(state: TableState): TableState {
  return {
    ...state,
    filters: { ...initialFilters },
    pagination: { ...state.pagination, pageIndex: 0 },
  };
}

export function setSort(state: TableState, sort: SortState): TableState {
  return { ...state, sort, pagination: { ...state.pagination, pageIndex: 0 } };
}

export function setPage(state: TableState, pageIndex: number): TableState {
  return { ...state, pagination: { ...state.pagination, pageIndex: Math.max(0, pageIndex) } };
}

/** A date range with from equal to to is dropped entirely; so is one with neither end. */
export function effectiveDateRange(range: DateRange | null): DateRange | null {
  if (!range) return null;
  if (!range.from && !range.to) return null;
  if (range.from === range.to) return null;
  return range;
}

/**
 * The filter part of the table query: only keys that narrow the list. The category is not one:
 * it chooses which list (route) is read, and the filters apply within it (./categories.ts).
 */
export function filterQuery(filters: TableFilters): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (filters.stage !== ALL_STAGES) out.stage = filters.stage;
  if (filters.status !== ALL_STATUSES) out.status = filters.status;
  if (filters.name) out.nameId = filters.name.id;
  if (filters.deal) out.deal = filters.deal;
  if (filters.score) {
    out.minScore = filters.score.min;
    out.maxScore = filters.score.max;
  }
  const date = effectiveDateRange(filters.date);
  if (date?.from) out.from = startOfDayIso(date.from);
  if (date?.to) out.to = endOfDayIso(date.to);
  return out;
}

export interface TableQuery {
  search: string;
  filter: Record<string, string | number>;
  sort: string;
}

export function tableQuery(state: TableState): TableQuery {
  return {
    search: state.filters.search.trim(),
    filter: filterQuery(state.filters),
    sort: sortToOrder(state.sort),
  };
}

/** A query with empty search and empty filter is not sent: the full list is shown instead. */
export function isQueryEmpty(query: TableQuery): boolean {
  return query.search === '' && Object.keys(query.filter).length === 0;
}

export function isFiltered(state: TableState): boolean {
  return !isQueryEmpty(tableQuery(state));
}

/** The query of GET meeting/user for this state. */
export function toMeetingListQuery(state: TableState): MeetingListQuery {
  const q = tableQuery(state);
  const base: MeetingListQuery = {
    page: state.pagination.pageIndex,
    size: state.pagination.pageSize,
    order: q.sort,
  };
  if (isQueryEmpty(q)) return base;
  const f = q.filter;
  return {
    ...base,
    ...(q.search ? { search: q.search } : {}),
    ...(typeof f.stage === 'string' ? { stage: f.stage as MeetingStage } : {}),
    ...(typeof f.status === 'string' ? { status: f.status as InferenceStatus } : {}),
    ...(typeof f.from === 'string' ? { from: f.from } : {}),
    ...(typeof f.to === 'string' ? { to: f.to } : {}),
  };
}

function localDay(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/** The start of a local calendar day as an ISO instant. */
export function startOfDayIso(day: string): string {
  return localDay(day)?.toISOString() ?? day;
}

/** The last millisecond of a local calendar day as an ISO instant (the range includes that day). */
export function endOfDayIso(day: string): string {
  const d = localDay(day);
  if (!d) return day;
  d.setHours(23, 59, 59, 999);
  return d.toISOString();
}

/**
 * The library's list state in a component: the query to send and the changes a page makes.
 * The category lives in the URL (`?category=shared`), so a link or Back returns to the same
 * list; `categoryOfSlug` maps the URL's value to the table state's (the default for none).
 */
export function useMeetingListState(
  categoryOfSlug: (slug: string | null) => string = () => ALL_MEETINGS,
) {
  const [table, setTable] = useState(initialTableState);
  const [params, setParams] = useSearchParams();
  const category = categoryOfSlug(params.get('category'));
  const latest = useRef(setParams);
  useEffect(() => {
    latest.current = setParams;
  });
  // Stable, so effects may depend on them.
  const changes = useMemo(
    () => ({
      setFilter: <K extends keyof TableFilters>(key: K, value: TableFilters[K]) =>
        setTable((t) => setFilter(t, key, value)),
      /** Another list: the other filters stay, the page returns to the first. */
      setCategory: (slug: string) => {
        latest.current(
          (p) => {
            const next = new URLSearchParams(p);
            if (slug) next.set('category', slug);
            else next.delete('category');
            return next;
          },
          { replace: true },
        );
        setTable((t) => setPage(t, DEFAULT_PAGE_INDEX));
      },
      /** Clears the filters within the current category. */
      resetFilters: () => setTable(resetFilters),
      setSort: (sort: SortState) => setTable((t) => setSort(t, sort)),
      setPage: (pageIndex: number) => setTable((t) => setPage(t, pageIndex)),
    }),
    [],
  );
  const state = { ...table, filters: { ...table.filters, category } };
  return {
    table: state,
    query: toMeetingListQuery(state),
    /** A date range counts even when it narrows nothing yet (one end chosen). */
    filtered: isFiltered(state) || table.filters.date !== null,
    ...changes,
  };
}
