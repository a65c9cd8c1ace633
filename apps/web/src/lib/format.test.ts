import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatCount,
  formatDuration,
  formatDurationWords,
  fullName,
  initials,
  meetingTitle,
  stripExtension,
  truncateText,
} from './format';
import { formatDate, formatTime } from './datetime';

describe('format', () => {
  it('builds initials from first and last name', () => {
    expect(initials({ firstName: 'ada', lastName: 'Lovelace' })).toBe('AL');
    expect(initials({ firstName: 'Cher', lastName: '' })).toBe('C');
    expect(initials({})).toBe('?');
  });

  it('joins the full name without stray spaces', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(fullName({ firstName: 'Cher', lastName: '' })).toBe('Cher');
  });

  it('counts with the noun singular for one only', () => {
    expect(formatCount(1, 'user')).toBe('1 user');
    expect(formatCount(0, 'user')).toBe('0 users');
    expect(formatCount(1204, 'user')).toBe('1,204 users');
  });

  it('formats durations as HH:MM:SS', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(3723)).toBe('01:02:03');
    expect(formatDuration(59.9)).toBe('00:00:59');
  });
});

describe('meeting header helpers (spec 2 §2)', () => {
  it('removes the file extension only', () => {
    expect(stripExtension('Quarterly review.mp4')).toBe('Quarterly review');
    expect(stripExtension('call.final.MOV')).toBe('call.final');
    expect(stripExtension('no extension')).toBe('no extension');
    expect(stripExtension('.mp4')).toBe('.mp4');
  });

  it('truncates with an ellipsis beyond 25 characters, 15 on very small screens', () => {
    const name = 'A very long meeting name that goes on.mp4';
    expect(meetingTitle(name)).toBe('A very long meeting name ...');
    expect(meetingTitle(name, true)).toBe('A very long mee...');
    expect(meetingTitle('Exactly twenty-five chars.mp4')).toBe('Exactly twenty-five chars');
    expect(truncateText('short', 25)).toBe('short');
  });

  it('writes the date as day, short month, year and the time on a 12-hour clock', () => {
    const d = new Date(2025, 2, 7, 15, 5);
    expect(formatDate(d.toISOString())).toBe('Mar 7, 2025');
    expect(formatTime(d.toISOString())).toBe('3:05 PM');
    expect(formatTime(new Date(2025, 0, 1, 0, 30).toISOString())).toBe('12:30 AM');
    expect(formatTime(new Date(2025, 0, 1, 12, 0).toISOString())).toBe('12:00 PM');
    expect(formatDate('not a date')).toBe('');
  });

  it('words durations: seconds under a minute, minutes under an hour, else hours and minutes', () => {
    expect(formatDurationWords(0)).toBe('0 seconds');
    expect(formatDurationWords(1)).toBe('1 second');
    expect(formatDurationWords(59.9)).toBe('59 seconds');
    expect(formatDurationWords(60)).toBe('1 minute');
    expect(formatDurationWords(3599)).toBe('59 minutes');
    expect(formatDurationWords(3600)).toBe('1 hour');
    expect(formatDurationWords(3600 + 5 * 60)).toBe('1 hour 5 minutes');
    expect(formatDurationWords(2 * 3600 + 60)).toBe('2 hours 1 minute');
    expect(formatDurationWords(Number.NaN)).toBe('0 seconds');
  });

  it('formats byte sizes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatBytes(1024 ** 3)).toBe('1.0 GB');
  });
});
