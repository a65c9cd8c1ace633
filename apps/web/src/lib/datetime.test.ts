import { afterEach, describe, expect, it } from 'vitest';
import {
  appLocale,
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatTime,
  setAppLocale,
} from './datetime';
import { formatNumber } from './format';

const march7 = new Date(2025, 2, 7, 15, 5);

describe('dates and times, in the app locale', () => {
  afterEach(() => setAppLocale('en-US'));

  it('writes day, short month and year, and a 12-hour time, in the order of the locale', () => {
    expect(formatDate(march7)).toBe('Mar 7, 2025');
    expect(formatTime(march7)).toBe('3:05 PM');
    expect(formatDateTime(march7.toISOString())).toBe('Mar 7, 2025, 3:05 PM');
    setAppLocale('en-GB');
    expect(formatDate(march7)).toBe('7 Mar 2025');
    expect(formatTime(march7)).toBe('3:05 pm');
    expect(formatDateTime(march7)).toBe('7 Mar 2025, 3:05 pm');
  });

  it('keeps a calendar day the same day and writes chart axis days short', () => {
    expect(formatCalendarDay('2031-06-30')).toBe('Jun 30, 2031');
    expect(formatDayMonth('2025-11-03')).toBe('Nov 3');
    setAppLocale('de-DE');
    expect(formatCalendarDay('2031-06-30')).toBe('30. Juni 2031');
    expect(formatDayMonth('2025-11-03')).toBe('3. Nov.');
  });

  it('writes numbers in the same locale', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    setAppLocale('de-DE');
    expect(formatNumber(1234567)).toBe('1.234.567');
  });

  it('writes nothing for a missing or broken value', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatTime(null)).toBe('');
    expect(formatCalendarDay(undefined)).toBe('');
    expect(formatDayMonth(42)).toBe('');
  });

  it('falls back to the browser language when no locale is set', () => {
    setAppLocale(undefined);
    expect(appLocale()).toBe(navigator.language);
  });
});
