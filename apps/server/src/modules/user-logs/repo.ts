import { and, asc, between, count, desc, eq, ilike, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { ActivityDay, LogEvent, UserLogEntry } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { activityLog, users } from '../../platform/db/schema.js';

/** Whose activity: one organisation's, one user's, or everyone's (undefined fields). */
export interface LogScope {
  organizationId?: string;
  userId?: string;
}

export interface LogRange {
  from: Date;
  to: Date;
}

export type UserLogSort =
  `${'activityCount' | 'lastActivityAt' | 'firstName' | 'email'}:${'asc' | 'desc'}`;

/** ISO 8601 in UTC, computed in SQL so both drivers answer the same text. */
const isoUtc = (column: SQL) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** What the search runs over; the same expression as the trigram index users_search_trgm_idx. */
const USER_SEARCH_TEXT = sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`;

function nameMatches(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  return ilike(USER_SEARCH_TEXT, `%${search.replace(/[\\%_]/g, '\\$&')}%`);
}

/** Conditions on activity rows; the organisation one is the tenancy boundary. */
function activityWhere(scope: LogScope, range: LogRange): SQL | undefined {
  return and(
    scope.organizationId ? eq(activityLog.organizationId, scope.organizationId) : undefined,
    scope.userId ? eq(activityLog.userId, scope.userId) : undefined,
    between(activityLog.createdAt, range.from, range.to),
  );
}

function usersWhere(scope: LogScope, search: string | undefined): SQL | undefined {
  return and(
    scope.organizationId ? eq(users.organizationId, scope.organizationId) : undefined,
    scope.userId ? eq(users.id, scope.userId) : undefined,
    nameMatches(search),
  );
}

const emailOf = (email: string) => ({ email });

export function createUserLogsRepo(db: Db) {
  return {
    /**
     * The users in scope whose name or address matches, each with their calls in the range
     * (0 when none), one page of them, with the totals over every matching user.
     */
    async perUser(
      scope: LogScope,
      range: LogRange,
      opts: { search?: string; sort: UserLogSort; page: number; size: number },
    ): Promise<{ data: UserLogEntry[]; count: number; activityCount: number }> {
      const act = db.$with('act').as(
        db
          .select({
            userId: activityLog.userId,
            calls: sql<number>`count(*)::int`.as('calls'),
            last: sql<Date>`max(${activityLog.createdAt})`.as('last'),
          })
          .from(activityLog)
          .where(activityWhere(scope, range))
          .groupBy(activityLog.userId),
      );
      const calls = sql<number>`coalesce(${act.calls}, 0)`;
      const [field, direction] = opts.sort.split(':') as [string, 'asc' | 'desc'];
      const order = direction === 'asc' ? asc : desc;
      const sortBy: Record<string, SQL> = {
        activityCount: order(calls),
        lastActivityAt: sql`${act.last} ${sql.raw(direction)} nulls last`,
        firstName: order(sql`lower(${users.firstName})`),
        email: order(users.email),
      };
      const rows = await db
        .with(act)
        .select({
          userId: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          activityCount: sql<number>`${calls}::int`,
          lastActivityAt: isoUtc(sql`${act.last}`),
          matched: sql<number>`(count(*) over ())::int`,
          totalCalls: sql<number>`(sum(${calls}) over ())::int`,
        })
        .from(users)
        .leftJoin(act, eq(act.userId, users.id))
        .where(usersWhere(scope, opts.search))
        .orderBy(sortBy[field] ?? order(calls), asc(users.id))
        .limit(opts.size)
        .offset(opts.page * opts.size);
      if (rows.length === 0 && opts.page > 0) {
        // Past the last page the window totals are gone; count them on their own.
        const totals = await this.perUser(scope, range, { ...opts, page: 0, size: 1 });
        return { data: [], count: totals.count, activityCount: totals.activityCount };
      }
      return {
        data: rows.map((r) => ({
          userId: r.userId,
          firstName: r.firstName,
          lastName: r.lastName,
          email: emailOf(r.email),
          search: `${r.firstName} ${r.lastName} ${r.email}`.replace(/\s+/g, ' ').trim(),
          activityCount: r.activityCount,
          lastActivityAt: r.lastActivityAt || null,
        })),
        count: rows[0]?.matched ?? 0,
        activityCount: rows[0]?.totalCalls ?? 0,
      };
    },

    /**
     * Calls per UTC day by the matching users in scope, oldest day first. Grouped on the date
     * and formatted after, so the text is built once per day rather than once per call.
     */
    async perDay(scope: LogScope, range: LogRange, search?: string): Promise<ActivityDay[]> {
      const day = sql`(${activityLog.createdAt} AT TIME ZONE 'UTC')::date`;
      const base = db
        .select({
          date: sql<string>`to_char(${day}, 'YYYY-MM-DD')`,
          count: sql<number>`count(*)::int`,
        })
        .from(activityLog);
      // Without a search the users table is not needed: the calls of removed users are left
      // out as the per-user counts leave them out.
      const rows = search
        ? base
            .innerJoin(users, eq(users.id, activityLog.userId))
            .where(and(activityWhere(scope, range), usersWhere(scope, search)))
        : base.where(and(activityWhere(scope, range), isNotNull(activityLog.userId)));
      return rows.groupBy(day).orderBy(day);
    },

    /** One page of calls, newest first, with how many match. */
    async events(
      scope: LogScope,
      range: LogRange,
      opts: { search?: string; method?: string; page: number; size: number },
    ): Promise<{ data: LogEvent[]; activityCount: number }> {
      const where = and(
        activityWhere(scope, range),
        opts.method ? eq(activityLog.method, opts.method) : undefined,
        nameMatches(opts.search),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: activityLog.id,
            userId: activityLog.userId,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            method: activityLog.method,
            path: activityLog.path,
            status: activityLog.status,
            durationMs: activityLog.durationMs,
            createdAt: isoUtc(sql`${activityLog.createdAt}`),
          })
          .from(activityLog)
          .leftJoin(users, eq(users.id, activityLog.userId))
          .where(where)
          .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
          .limit(opts.size)
          .offset(opts.page * opts.size),
        db
          .select({ n: count() })
          .from(activityLog)
          .leftJoin(users, eq(users.id, activityLog.userId))
          .where(where),
      ]);
      return {
        data: rows.map((r) => ({
          ...r,
          firstName: r.firstName ?? '',
          lastName: r.lastName ?? '',
          email: emailOf(r.email ?? ''),
        })),
        activityCount: total?.n ?? 0,
      };
    },

    async userById(id: string) {
      const [row] = await db
        .select({ id: users.id, organizationId: users.organizationId })
        .from(users)
        .where(eq(users.id, id));
      return row ?? null;
    },
  };
}
export type UserLogsRepo = ReturnType<typeof createUserLogsRepo>;
