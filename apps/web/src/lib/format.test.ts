import { describe, expect, it } from 'vitest';
import { formatDuration, fullName, initials } from './format';

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

  it('formats durations as HH:MM:SS', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(3723)).toBe('01:02:03');
    expect(formatDuration(59.9)).toBe('00:00:59');
  });
});
