import type { ActivityDay, Permission } from '@parley/contracts';
import type { LogScope } from './api';

/** The widest logs the caller reads: the platform's, their organisation's, or their own. */
export function logScopeFor(user: {
  id: string;
  organizationId: string;
  permissions: readonly Permission[];
}): LogScope {
  if (user.permissions.includes('platform.manage')) return { kind: 'all' };
  if (user.permissions.includes('logs.read')) {
    return { kind: 'organization', id: user.organizationId };
  }
  return { kind: 'user', id: user.id };
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Every day from the first to the last (or the chosen range's ends), days without calls at 0,
 * so the chart's bars sit on a true time axis. Capped so an "all time" range stays readable.
 */
export function fillDays(
  days: readonly ActivityDay[],
  range: { from: string; to: string },
  maxDays = 366,
): ActivityDay[] {
  const first = range.from || days[0]?.date;
  const last = range.to || days.at(-1)?.date;
  if (!first || !last) return [];
  const counts = new Map(days.map((d) => [d.date, d.count]));
  const end = Date.parse(`${last}T00:00:00Z`);
  const start = Math.max(Date.parse(`${first}T00:00:00Z`), end - (maxDays - 1) * DAY_MS);
  const filled: ActivityDay[] = [];
  for (let t = start; t <= end; t += DAY_MS) {
    filled.push({ date: dayOf(t), count: counts.get(dayOf(t)) ?? 0 });
  }
  return filled;
}

/**
 * The createdAt filter for a range of local calendar days (inclusive), or undefined for all
 * time (the server reads that as 0..now).
 */
export function rangeFilter(range: { from: string; to: string }): string | undefined {
  if (!range.from && !range.to) return undefined;
  const from = range.from ? new Date(`${range.from}T00:00:00`) : new Date(0);
  const to = range.to ? new Date(`${range.to}T23:59:59.999`) : new Date();
  return `createdAt:between:${from.toISOString()},${to.toISOString()}`;
}
