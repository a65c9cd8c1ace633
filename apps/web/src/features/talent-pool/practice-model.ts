import type { PracticeAnalysis, PracticeMonth } from '@parley/contracts';

/** Years the picker offers: this one and the four before, newest first. */
export const YEAR_CHOICES = 5;

export function yearChoices(now: Date): number[] {
  const year = now.getUTCFullYear();
  return Array.from({ length: YEAR_CHOICES }, (_, i) => year - i);
}

/** A chart row per month: its first day as the date key, the figures flattened for the lines. */
export interface MonthRow {
  month: string;
  practices: number;
  averageScore: number | null;
  Technical: number | null;
  Communication: number | null;
  Behavioral: number | null;
}

export function monthRows(year: number, months: readonly PracticeMonth[]): MonthRow[] {
  return months.map((m) => ({
    month: `${year}-${String(m.month).padStart(2, '0')}-01`,
    practices: m.practices,
    averageScore: m.averageScore,
    ...m.skills,
  }));
}

const MONTH = new Intl.DateTimeFormat('en', { month: 'short', timeZone: 'UTC' });
const MONTH_YEAR = new Intl.DateTimeFormat('en', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A month row's key on the axis: 'Jan'. */
export const monthTick = (day: unknown) =>
  typeof day === 'string' ? MONTH.format(new Date(`${day.slice(0, 10)}T00:00:00Z`)) : '';
/** …and in a tooltip: 'January 2026'. */
export const monthLabel = (day: unknown) =>
  typeof day === 'string' ? MONTH_YEAR.format(new Date(`${day.slice(0, 10)}T00:00:00Z`)) : '';

export const weeks = (n: number) => `${n} ${n === 1 ? 'week' : 'weeks'}`;

/** What the streak tile says under the number. */
export function streakNote(streak: PracticeAnalysis['streak'], now: Date): string {
  if (streak.current === 0) {
    return streak.longest === 0
      ? 'Practise once a week to start a streak.'
      : `Your longest streak was ${weeks(streak.longest)}. Practise this week to start again.`;
  }
  const thisWeek = mondayOf(now);
  const practisedThisWeek = streak.lastWeek === thisWeek;
  const best =
    streak.longest > streak.current ? ` Your best is ${weeks(streak.longest)}.` : ' Your best yet.';
  return practisedThisWeek
    ? `You practised this week.${best}`
    : `Practise before Sunday to keep it going.${best}`;
}

/** Monday (UTC) of the week holding `at`, YYYY-MM-DD: the weeks the server counts streaks in. */
export function mondayOf(at: Date): string {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const monday = day - ((new Date(day).getUTCDay() + 6) % 7) * 24 * 3600 * 1000;
  return new Date(monday).toISOString().slice(0, 10);
}

/** A score's tone on the table: the spec's recommendation threshold (70) splits good from not. */
export function scoreTone(score: number | null): 'success' | 'warning' | 'neutral' {
  if (score === null) return 'neutral';
  return score >= 70 ? 'success' : 'warning';
}

/** Whether the seeker has practised or set up anything at all (else: the first-time state). */
export const isNewSeeker = (a: PracticeAnalysis) =>
  a.practices === 0 && a.streak.longest === 0 && a.nextPractice === null;
