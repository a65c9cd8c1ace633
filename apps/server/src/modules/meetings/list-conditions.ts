// A meeting list's conditions and order: the SQL of its scopes, its filters and its sort,
// with values or (for list-repo.ts's prepared statements) placeholders.
import { and, eq, gte, ilike, lt, lte, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { meetingListQuery } from '@parley/contracts';
import { meetingTranscripts, meetings } from '../../platform/db/schema.js';
import type { Caller } from '../../platform/http/caller.js';
import { sharedWith, visibleTo, type Viewer } from './visibility.js';

export type ListQuery = z.output<typeof meetingListQuery>;
/**
 * Which list (spec 2 §7): all visible, past, scheduled, reports, shared with me, those with
 * a transcript (the assistant's picker), call intelligence (processed sales calls), or the
 * caller's own (a job seeker's practice meetings: never those shared with them).
 */
export type ListScope =
  'all' | 'past' | 'schedule' | 'reports' | 'shared' | 'transcribed' | 'callIntelligence' | 'owned';

const DAY_MS = 24 * 3600 * 1000;
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);

/** `%`, `_` and `\` typed by a user are literal characters, not patterns. */
export const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** Where a meeting's start must lie; `to` is a day's end (exclusive) or an instant (inclusive). */
interface StartRange<T> {
  from?: T;
  to?: { at: T; inclusive: boolean };
}

/**
 * Meeting start between `from` and `to`. A bare day means the whole UTC day; equal bounds
 * are dropped, as the spec's table state does (spec 2 §2).
 */
function startRange(from: string | undefined, to: string | undefined): StartRange<Date> {
  if (from && to && from === to) return {};
  return {
    from: from ? new Date(isDay(from) ? `${from}T00:00:00Z` : from) : undefined,
    to: to
      ? isDay(to)
        ? { at: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS), inclusive: false }
        : { at: new Date(to), inclusive: true }
      : undefined,
  };
}

function rangeConditions(range: StartRange<Date | Placeholder>): SQL[] {
  const out: SQL[] = [];
  if (range.from) out.push(gte(meetings.startTime, range.from));
  if (range.to) {
    const { at, inclusive } = range.to;
    out.push(inclusive ? lte(meetings.startTime, at) : lt(meetings.startTime, at));
  }
  return out;
}

export const dateRange = (from: string | undefined, to: string | undefined): SQL[] =>
  rangeConditions(startRange(from, to));

const SORT_COLUMNS = {
  createdAt: meetings.createdAt,
  meetingName: meetings.meetingName,
  duration: meetings.durationSec,
  startTime: meetings.startTime,
  inferenceStatus: meetings.inferenceStatus,
} as const;

/** `field:direction` from the query; the id breaks ties so pages never overlap. */
export function orderOf(order: string): SQL[] {
  const [field, dir] = order.split(':') as [keyof typeof SORT_COLUMNS, 'asc' | 'desc'];
  const column = SORT_COLUMNS[field];
  const direction = sql.raw(dir === 'asc' ? 'asc' : 'desc');
  // Only duration can be empty (live meetings); those go last either way.
  const nulls = field === 'duration' ? sql.raw(' nulls last') : sql.raw('');
  return [sql`${column} ${direction}${nulls}`, sql`${meetings.id} ${direction}`];
}

/**
 * A list's filters as conditions take them: values, or (P = Placeholder) the placeholders a
 * prepared statement is run with.
 */
export interface ListFilter<P = never> extends StartRange<Date | P> {
  /** A LIKE pattern (likePattern). */
  search?: string | P;
  stage?: NonNullable<ListQuery['stage']> | P;
  providerName?: NonNullable<ListQuery['providerName']> | P;
  status?: NonNullable<ListQuery['status']> | P;
}

export function filterOf(q: Partial<ListQuery>): ListFilter {
  return {
    ...startRange(q.from, q.to),
    search: q.search ? likePattern(q.search) : undefined,
    stage: q.stage,
    providerName: q.providerName,
    status: q.status,
  };
}

export function conditionsOf(
  who: Viewer,
  scope: ListScope,
  f: ListFilter<Placeholder>,
  now: Date | Placeholder,
) {
  // Training videos are the coaching module's; the usage views still count their minutes.
  const c: SQL[] = [
    scope === 'shared' ? sharedWith(who) : visibleTo(who),
    eq(meetings.kind, 'meeting'),
  ];
  if (scope === 'owned') c.push(eq(meetings.ownerId, who.userId));
  if (scope === 'past') c.push(lt(meetings.startTime, now));
  if (scope === 'schedule') {
    c.push(
      or(
        gte(meetings.startTime, now),
        and(eq(meetings.type, 'live'), ne(meetings.inferenceStatus, 'processed')),
      ) as SQL,
    );
  }
  if (scope === 'reports') c.push(eq(meetings.inferenceStatus, 'processed'));
  if (scope === 'callIntelligence') {
    c.push(eq(meetings.inferenceStatus, 'processed'), ne(meetings.stage, 'basic_meeting'));
  }
  if (scope === 'transcribed') {
    c.push(
      sql`exists (select 1 from ${meetingTranscripts} where ${meetingTranscripts.meetingId} = ${meetings.id})`,
    );
  }
  if (f.search) c.push(ilike(meetings.searchText, f.search));
  c.push(...rangeConditions(f));
  if (f.stage) c.push(eq(meetings.stage, f.stage));
  if (f.providerName) c.push(eq(meetings.storageProvider, f.providerName));
  if (f.status) c.push(eq(meetings.inferenceStatus, f.status));
  return and(...c);
}

/** The list conditions of a scope and query, also the base of the HR list (interviews module). */
export function listConditions(caller: Caller, scope: ListScope, q: Partial<ListQuery>, now: Date) {
  return conditionsOf(caller, scope, filterOf(q), now);
}
