import {
  PRACTICE_SKILLS,
  type PracticeAnalysis,
  type PracticeMonth,
  type PracticeSkill,
  type SkillScores,
} from '@parley/contracts';

/** A practice as the figures read it: when it started and what the analysis scored. */
export interface ScoredPractice {
  startTime: Date;
  overall: number | null;
  skills: Partial<Record<PracticeSkill, number>>;
}

const DAY_MS = 24 * 3600 * 1000;
const WEEK_MS = 7 * DAY_MS;
/** How many of the latest scored practices decide the weakest skill. */
export const RECENT_SCORED = 5;

const round1 = (x: number) => Math.round(x * 10) / 10;
const mean = (xs: readonly number[]) =>
  xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
/** The mean to one decimal; null for no values, never 0. */
export const meanOrNull = (xs: readonly number[]) => {
  const m = mean(xs);
  return m === null ? null : round1(m);
};

/** What to work on next, per weakest skill: concrete, one sitting's worth. */
export const SKILL_SUGGESTIONS: Record<PracticeSkill, string> = {
  Technical:
    'Work on technical depth: walk through one project end to end — the problem, your design choices, the trade-offs — with concrete numbers where you have them.',
  Communication:
    'Work on communication: lead each answer with the point, give two or three supporting details, then close; aim for one to two minutes per answer.',
  Behavioral:
    'Work on behavioral answers: prepare three STAR stories (situation, task, action, result) about ownership, teamwork and a conflict you resolved.',
};
export const FIRST_SCORE_SUGGESTION =
  'Record and submit a mock interview: once it is analysed, your scores per skill show here and the next practice targets your weakest one.';

export function skillScoresOf(skills: Partial<Record<PracticeSkill, number>>): SkillScores {
  return {
    Technical: skills.Technical ?? null,
    Communication: skills.Communication ?? null,
    Behavioral: skills.Behavioral ?? null,
  };
}

/** Twelve months of `year` (UTC), January first; empty months say 0 and null, never a guess. */
export function monthsOf(practices: readonly ScoredPractice[], year: number): PracticeMonth[] {
  return Array.from({ length: 12 }, (_, i) => {
    const inMonth = practices.filter(
      (p) => p.startTime.getUTCFullYear() === year && p.startTime.getUTCMonth() === i,
    );
    const overall = inMonth.flatMap((p) => (p.overall === null ? [] : [p.overall]));
    const skill = (name: PracticeSkill) =>
      meanOrNull(inMonth.flatMap((p) => (p.skills[name] === undefined ? [] : [p.skills[name]])));
    return {
      month: i + 1,
      practices: inMonth.length,
      scoredPractices: overall.length,
      averageScore: meanOrNull(overall),
      skills: {
        Technical: skill('Technical'),
        Communication: skill('Communication'),
        Behavioral: skill('Behavioral'),
      },
    };
  });
}

/** Monday 00:00 UTC of the week holding `at`, in ms. */
export function weekStartMs(at: Date): number {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY_MS;
}

/**
 * Streaks in weeks, not days: interview practice is a few sessions a week at most, and a
 * day streak would break on every rest day and reward short daily sessions over real ones. The
 * current streak still counts while this week has no practice yet: it breaks only when a whole
 * week passes without one.
 */
export function streakOf(starts: readonly Date[], now: Date): PracticeAnalysis['streak'] {
  const weeks = [...new Set(starts.map(weekStartMs))].sort((a, b) => a - b);
  if (weeks.length === 0) return { unit: 'week', current: 0, longest: 0, lastWeek: null };
  const held = new Set(weeks);
  let longest = 1;
  let run = 1;
  for (let i = 1; i < weeks.length; i++) {
    run = (weeks[i] as number) - (weeks[i - 1] as number) === WEEK_MS ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  const thisWeek = weekStartMs(now);
  let cursor = held.has(thisWeek) ? thisWeek : thisWeek - WEEK_MS;
  let current = 0;
  while (held.has(cursor)) {
    current++;
    cursor -= WEEK_MS;
  }
  const last = weeks[weeks.length - 1] as number;
  return { unit: 'week', current, longest, lastWeek: new Date(last).toISOString().slice(0, 10) };
}

/**
 * The weakest skill over the latest scored practices (newest first in `practices`), with its
 * mean there; null when no skill was scored yet. Ties go to the order of PRACTICE_SKILLS.
 */
export function weakestSkill(
  practices: readonly ScoredPractice[],
): { skill: PracticeSkill; score: number } | null {
  const recent = practices.filter((p) => Object.keys(p.skills).length > 0).slice(0, RECENT_SCORED);
  let weakest: { skill: PracticeSkill; score: number } | null = null;
  for (const skill of PRACTICE_SKILLS) {
    const score = meanOrNull(
      recent.flatMap((p) => (p.skills[skill] === undefined ? [] : [p.skills[skill]])),
    );
    if (score !== null && (weakest === null || score < weakest.score)) weakest = { skill, score };
  }
  return weakest;
}
