import { describe, expect, it } from 'vitest';
import { writtenDay, writtenDayTime } from './dates.js';

describe('dates in server-written text', () => {
  it('writes the day as the app does, in UTC, and the time on a 12-hour clock marked UTC', () => {
    const lateEvening = new Date('2025-06-10T23:30:00Z');
    expect(writtenDay(lateEvening)).toBe('Jun 10, 2025');
    expect(writtenDayTime(lateEvening)).toBe('Jun 10, 2025, 11:30 PM UTC');
    expect(writtenDayTime(new Date('2025-06-11T00:05:00Z'))).toBe('Jun 11, 2025, 12:05 AM UTC');
  });
});
