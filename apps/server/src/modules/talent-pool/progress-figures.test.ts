import { describe, expect, it } from 'vitest';
import { monthsOf, streakOf, weakestSkill, type ScoredPractice } from './progress.js';

/** The practice figures on their own: week streaks, months and the weakest skill. */
const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('streakOf', () => {
  // Thursday 2026-11-26; its week starts Monday 2026-11-23.
  const now = at('2026-11-26');

  it('is nothing before any practice', () => {
    expect(streakOf([], now)).toEqual({ unit: 'week', current: 0, longest: 0, lastWeek: null });
  });

  it('counts consecutive weeks, several practices in one week counting once', () => {
    const s = streakOf(
      [at('2026-11-24'), at('2026-11-25'), at('2026-11-17'), at('2026-11-09')],
      now,
    );
    expect(s).toEqual({ unit: 'week', current: 3, longest: 3, lastWeek: '2026-11-23' });
  });

  it('keeps the streak while this week has no practice yet, and breaks it after an empty week', () => {
    expect(streakOf([at('2026-11-18'), at('2026-11-11')], now).current).toBe(2);
    expect(streakOf([at('2026-11-11'), at('2026-11-04')], now).current).toBe(0);
  });

  it('remembers the longest run apart from the current one', () => {
    const s = streakOf(
      [at('2026-01-05'), at('2026-01-12'), at('2026-01-19'), at('2026-01-26'), at('2026-11-25')],
      now,
    );
    expect(s).toMatchObject({ current: 1, longest: 4 });
  });
});

describe('monthsOf and weakestSkill', () => {
  const practices: ScoredPractice[] = [
    { startTime: at('2026-04-02'), overall: 60, skills: { Technical: 50, Communication: 70 } },
    { startTime: at('2026-04-20'), overall: 81, skills: { Technical: 80, Communication: 82 } },
    { startTime: at('2026-02-10'), overall: null, skills: {} },
    { startTime: at('2025-04-10'), overall: 10, skills: { Technical: 10 } },
  ];

  it('averages each month’s scored practices and leaves a skill never scored null', () => {
    const months = monthsOf(practices, 2026);
    expect(months[3]).toEqual({
      month: 4,
      practices: 2,
      scoredPractices: 2,
      averageScore: 70.5,
      skills: { Technical: 65, Communication: 76, Behavioral: null },
    });
    expect(months[1]).toMatchObject({ practices: 1, scoredPractices: 0, averageScore: null });
    expect(months[0]).toMatchObject({ practices: 0, averageScore: null });
  });

  it('finds the weakest skill over the latest scored practices only', () => {
    expect(weakestSkill(practices.slice(0, 3))).toEqual({ skill: 'Technical', score: 65 });
    expect(weakestSkill([{ startTime: at('2026-01-01'), overall: null, skills: {} }])).toBeNull();
  });
});
