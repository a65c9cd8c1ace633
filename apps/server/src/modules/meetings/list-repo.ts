import { and, eq, gte, ilike, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { meetingListQuery } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { meetingTranscripts, meetings } from '../../platform/db/schema.js';
import type { MeetingRow } from './repo.js';
import { sharedWith, visibleTo } from './visibility.js';
import type { Caller } from '../../platform/http/caller.js';

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

/**
 * Meeting start between `from` and `to`. A bare day means the whole UTC day; equal bounds
 * are dropped, as the spec's table state does (spec 2 §2).
 */
export function dateRange(from: string | undefined, to: string | undefined): SQL[] {
  if (from && to && from === to) return [];
  const out: SQL[] = [];
  if (from) out.push(gte(meetings.startTime, new Date(isDay(from) ? `${from}T00:00:00Z` : from)));
  if (to) {
    out.push(
      isDay(to)
        ? lt(meetings.startTime, new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS))
        : lte(meetings.startTime, new Date(to)),
    );
  }
  return out;
}

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

/** The list conditions of a scope and query, also the base of the HR list (interviews module). */
export function listConditions(caller: Caller, scope: ListScope, q: Partial<ListQuery>, now: Date) {
  // Training videos are the coaching module's; the usage views still count their minutes.
  const c: SQL[] = [
    scope === 'shared' ? sharedWith(caller) : visibleTo(caller),
    eq(meetings.kind, 'meeting'),
  ];
  if (scope === 'owned') c.push(eq(meetings.ownerId, caller.userId));
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
  if (q.search) c.push(ilike(meetings.searchText, likePattern(q.search)));
  c.push(...dateRange(q.from, q.to));
  if (q.stage) c.push(eq(meetings.stage, q.stage));
  if (q.providerName) c.push(eq(meetings.storageProvider, q.providerName));
  if (q.status) c.push(eq(meetings.inferenceStatus, q.status));
  return and(...c);
}

export function createMeetingListRepo(db: Db) {
  return {
    async list(
      caller: Caller,
      scope: ListScope,
      q: ListQuery,
      now: Date,
    ): Promise<{ rows: MeetingRow[]; count: number }> {
      const where = listConditions(caller, scope, q, now);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(meetings)
          .where(where)
          .orderBy(...orderOf(q.order))
          .limit(q.size)
          .offset(q.page * q.size),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(meetings)
          .where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    /** Meetings with a known length, newest first, for the usage views. */
    async withDuration(caller: Caller, from: string | undefined, to: string | undefined) {
      const minutes = sql<number>`ceil(${meetings.durationSec} / 60.0)::int`;
      const where = and(
        visibleTo(caller),
        sql`${meetings.durationSec} is not null`,
        ...dateRange(from, to),
      );
      const [rows, [totals]] = await Promise.all([
        db
          .select({
            id: meetings.id,
            meetingName: meetings.meetingName,
            startTime: meetings.startTime,
            inferenceStatus: meetings.inferenceStatus,
            minutes,
          })
          .from(meetings)
          .where(where)
          .orderBy(sql`${meetings.startTime} desc`)
          .limit(500),
        db
          .select({
            count: sql<number>`count(*)::int`,
            minutes: sql<number>`coalesce(sum(${minutes}), 0)::int`,
          })
          .from(meetings)
          .where(where),
      ]);
      return { rows, count: totals?.count ?? 0, minutes: totals?.minutes ?? 0 };
    },

    /**
     * Meetings (not training videos) that started in [from, to), oldest first, at most `limit`:
     * the caller's visible ones, or, given `owners`, those of these people in the caller's
     * organisation whoever may open them (the home dashboard's team figures, aggregates only).
     */
    async startedBetween(
      caller: Caller,
      range: { from: Date; to: Date; owners?: readonly string[] },
      limit: number,
    ) {
      const who = range.owners
        ? and(
            eq(meetings.organizationId, caller.organizationId),
            range.owners.length ? inArray(meetings.ownerId, [...range.owners]) : sql`false`,
          )
        : visibleTo(caller);
      return db
        .select({
          id: meetings.id,
          startTime: meetings.startTime,
          durationSec: meetings.durationSec,
          inferenceStatus: meetings.inferenceStatus,
        })
        .from(meetings)
        .where(
          and(
            who,
            eq(meetings.kind, 'meeting'),
            gte(meetings.startTime, range.from),
            lt(meetings.startTime, range.to),
          ),
        )
        .orderBy(meetings.startTime, meetings.id)
        .limit(limit);
    },

    async perDay(caller: Caller, from: string | undefined, to: string | undefined) {
      const day = sql<string>`to_char(${meetings.startTime} at time zone 'UTC', 'YYYY-MM-DD')`;
      return db
        .select({
          date: day,
          meetings: sql<number>`count(*)::int`,
          minutes: sql<number>`coalesce(sum(ceil(${meetings.durationSec} / 60.0)), 0)::int`,
        })
        .from(meetings)
        .where(
          and(visibleTo(caller), sql`${meetings.durationSec} is not null`, ...dateRange(from, to)),
        )
        .groupBy(day)
        .orderBy(day);
    },
  };
}
export type MeetingListRepo = ReturnType<typeof createMeetingListRepo>;
