import { and, eq, gte, inArray, lt, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { meetings } from '../../platform/db/schema.js';
import type { Caller } from '../../platform/http/caller.js';
import {
  conditionsOf,
  dateRange,
  filterOf,
  listConditions,
  orderOf,
  type ListFilter,
  type ListQuery,
  type ListScope,
} from './list-conditions.js';
import type { MeetingRow } from './repo.js';
import { visibilityForm, visibleTo, type Viewer } from './visibility.js';

const PREPARED_LISTS = 100;
/** The filters a list may carry besides `to`: each present one is a placeholder of its name. */
const FILTER_KEYS = ['search', 'from', 'stage', 'providerName', 'status'] as const;

export function createMeetingListRepo(db: Db) {
  /**
   * The list's statement for each form its SQL text takes (scope, visibility form, which
   * filters, order), built once and prepared: building the query with drizzle cost a fifth of
   * the busiest route's CPU, and PostgreSQL parses a named statement once per connection.
   * The page and the pager's total come in one statement, the total as an uncorrelated
   * subquery (planned and run once, as the count alone was): a second statement per read was
   * half the route's database round trips (bench/load.mjs).
   */
  const statements = new Map<string, ReturnType<typeof prepareList>>();
  let named = 0;

  function prepareList(caller: Caller, scope: ListScope, f: ListFilter, order: string) {
    const who: Viewer = {
      permissions: caller.permissions,
      userId: sql.placeholder('user'),
      organizationId: sql.placeholder('org'),
    };
    const marked: ListFilter<Placeholder> = {
      to: f.to && { at: sql.placeholder('to'), inclusive: f.to.inclusive },
    };
    for (const k of FILTER_KEYS) if (f[k] !== undefined) marked[k] = sql.placeholder(k);
    const where = conditionsOf(who, scope, marked, sql.placeholder('now'));
    return db
      .select({
        row: meetings,
        total: sql<number>`(select count(*)::int from ${meetings} where ${where})`,
      })
      .from(meetings)
      .where(where)
      .orderBy(...orderOf(order))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`meeting_list_${++named}`);
  }

  function statementFor(caller: Caller, scope: ListScope, f: ListFilter, order: string) {
    const form = [
      scope,
      visibilityForm(caller),
      order,
      ...FILTER_KEYS.map((k) => f[k] !== undefined),
      f.to ? f.to.inclusive : null,
    ].join('|');
    let statement = statements.get(form);
    if (!statement) {
      statement = prepareList(caller, scope, f, order);
      // Forms are few in practice; the cap only bounds what odd queries could pile up.
      if (statements.size >= PREPARED_LISTS) statements.delete(statements.keys().next().value!);
      statements.set(form, statement);
    }
    return statement;
  }

  return {
    async list(
      caller: Caller,
      scope: ListScope,
      q: ListQuery,
      now: Date,
    ): Promise<{ rows: MeetingRow[]; count: number }> {
      const f = filterOf(q);
      const values: Record<string, unknown> = {
        user: caller.userId,
        org: caller.organizationId,
        now: now.toISOString(),
        to: f.to?.at.toISOString(),
        limit: q.size,
        offset: q.page * q.size,
      };
      for (const k of FILTER_KEYS) {
        const v = f[k];
        values[k] = v instanceof Date ? v.toISOString() : v;
      }
      const page = await statementFor(caller, scope, f, q.order).execute(values);
      const first = page[0];
      if (first) return { rows: page.map((p) => p.row), count: first.total };
      if (q.page === 0) return { rows: [], count: 0 };
      // Past the last page there is no row to carry the total.
      const [total] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(meetings)
        .where(listConditions(caller, scope, q, now));
      return { rows: [], count: total?.n ?? 0 };
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
