import { describe, expect, it } from 'vitest';
import { pageCount, parseSort, sortToOrder } from './table-state';

describe('sort', () => {
  it('reads and writes field:direction, anything but asc being descending', () => {
    expect(parseSort('meetingName:asc')).toEqual({ id: 'meetingName', desc: false });
    expect(parseSort('updatedAt')).toEqual({ id: 'updatedAt', desc: true });
    expect(sortToOrder({ id: 'updatedAt', desc: false })).toBe('updatedAt:asc');
    expect(parseSort(sortToOrder({ id: 'name', desc: true }))).toEqual({ id: 'name', desc: true });
  });
});

describe('pagination', () => {
  it('page count is the ceiling of count over size, at least 1', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(1, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(95, 10)).toBe(10);
    expect(pageCount(5, 0)).toBe(1);
  });
});
