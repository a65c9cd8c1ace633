import { describe, expect, it } from 'vitest';
import {
  ALL_STAGES,
  effectiveDateRange,
  endOfDayIso,
  initialTableState,
  isQueryEmpty,
  resetFilters,
  setFilter,
  setPage,
  setSort,
  startOfDayIso,
  tableQuery,
  toMeetingListQuery,
} from './list-state';
import { parseSort } from '../../../lib/table-state';

describe('table state defaults (spec 2 §2, §9)', () => {
  it('starts on page 0 of size 10, sorted createdAt:desc, with the default filters', () => {
    const s = initialTableState();
    expect(s.pagination).toEqual({ pageIndex: 0, pageSize: 10 });
    expect(s.sort).toEqual({ id: 'createdAt', desc: true });
    expect(s.filters.category).toBe('All Meetings');
    expect(s.filters.stage).toBe(ALL_STAGES);
    expect(s.filters.search).toBe('');
    expect(s.filters.date).toBeNull();
    expect([s.isLoading, s.isUpdateAction, s.isInvalidating, s.skip]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('sends only page, size and order when search and filter are empty', () => {
    const q = toMeetingListQuery(initialTableState());
    expect(q).toEqual({ page: 0, size: 10, order: 'createdAt:desc' });
    expect(isQueryEmpty(tableQuery(initialTableState()))).toBe(true);
  });

  it('treats a blank search as empty', () => {
    const s = setFilter(initialTableState(), 'search', '   ');
    expect(toMeetingListQuery(s)).toEqual({ page: 0, size: 10, order: 'createdAt:desc' });
  });
});

describe('typed filters', () => {
  it('accepts values of the right type per key', () => {
    let s = initialTableState();
    s = setFilter(s, 'search', 'demo');
    s = setFilter(s, 'stage', 'discovery_stage');
    s = setFilter(s, 'status', 'failed');
    s = setFilter(s, 'name', { name: 'Ada', id: 'u1' });
    s = setFilter(s, 'score', { min: 10, max: 90 });
    expect(s.filters).toMatchObject({
      search: 'demo',
      stage: 'discovery_stage',
      status: 'failed',
      name: { name: 'Ada', id: 'u1' },
      score: { min: 10, max: 90 },
    });
    expect(toMeetingListQuery(s)).toEqual({
      page: 0,
      size: 10,
      order: 'createdAt:desc',
      search: 'demo',
      stage: 'discovery_stage',
      status: 'failed',
    });
  });

  it('ignores values of the wrong type, leaving the state untouched', () => {
    const s = setPage(initialTableState(), 3);
    expect(setFilter(s, 'search', 42)).toBe(s);
    expect(setFilter(s, 'stage', 'not_a_stage')).toBe(s);
    expect(setFilter(s, 'status', 'done')).toBe(s);
    expect(setFilter(s, 'date', { from: 1, to: 2 })).toBe(s);
    expect(setFilter(s, 'date', '2025-01-01')).toBe(s);
    expect(setFilter(s, 'score', { min: '1', max: 2 })).toBe(s);
    expect(setFilter(s, 'name', ['Ada'])).toBe(s);
    expect(setFilter(s, 'deal', null)).toBe(s);
  });

  it('returns to the first page when a filter or the sort changes', () => {
    const s = setPage(initialTableState(), 4);
    expect(setFilter(s, 'search', 'x').pagination.pageIndex).toBe(0);
    expect(setSort(s, { id: 'meetingName', desc: false }).pagination.pageIndex).toBe(0);
    expect(resetFilters(setFilter(s, 'search', 'x')).filters.search).toBe('');
  });

  it('sends the sort as field:direction', () => {
    const s = setSort(initialTableState(), { id: 'duration', desc: false });
    expect(toMeetingListQuery(s).order).toBe('duration:asc');
    expect(parseSort('meetingName:asc')).toEqual({ id: 'meetingName', desc: false });
  });
});

describe('date filter', () => {
  it('drops both ends when from equals to', () => {
    expect(effectiveDateRange({ from: '2025-03-01', to: '2025-03-01' })).toBeNull();
    const s = setFilter(initialTableState(), 'date', { from: '2025-03-01', to: '2025-03-01' });
    expect(toMeetingListQuery(s)).toEqual({ page: 0, size: 10, order: 'createdAt:desc' });
  });

  it('sends a range as local day boundaries, one end alone allowed', () => {
    const s = setFilter(initialTableState(), 'date', { from: '2025-03-01', to: '2025-03-31' });
    const q = toMeetingListQuery(s);
    expect(q.from).toBe(new Date(2025, 2, 1).toISOString());
    expect(q.to).toBe(new Date(2025, 2, 31, 23, 59, 59, 999).toISOString());
    const fromOnly = toMeetingListQuery(
      setFilter(initialTableState(), 'date', { from: '2025-03-01', to: '' }),
    );
    expect(fromOnly.from).toBe(startOfDayIso('2025-03-01'));
    expect(fromOnly.to).toBeUndefined();
    expect(effectiveDateRange({ from: '', to: '' })).toBeNull();
    expect(endOfDayIso('garbage')).toBe('garbage');
  });
});

describe('pagination', () => {
  it('keeps the page index non-negative and in the query', () => {
    expect(setPage(initialTableState(), -2).pagination.pageIndex).toBe(0);
    expect(toMeetingListQuery(setPage(initialTableState(), 2)).page).toBe(2);
  });
});
