import { and, asc, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { personColumns } from '../../platform/db/people.js';
import { activityLog, groups, users } from '../../platform/db/schema.js';

/**
 * The figures of an organisation's dashboard (spec 3 §3 Organisation), read from the users,
 * the activity log (platform/audit.ts) and the groups.
 */
export function createDashboardRepo(db: Db) {
  return {
    async users(organizationId: string) {
      return db
        .select(personColumns)
        .from(users)
        .where(eq(users.organizationId, organizationId))
        .orderBy(asc(users.createdAt));
    },

    /**
     * Groups of the organisation. Departments are groups in this product (spec 3 §3
     * departmentCount), so both counts read this one function.
     */
    async groups(organizationId: string) {
      return db
        .select({ id: groups.id, name: groups.name })
        .from(groups)
        .where(eq(groups.organizationId, organizationId))
        .orderBy(asc(groups.name));
    },

    async activityCount(organizationId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(activityLog)
        .where(eq(activityLog.organizationId, organizationId));
      return row?.n ?? 0;
    },

    async topUsers(organizationId: string, limit: number) {
      const n = count(activityLog.id);
      return db
        .select({ ...personColumns, activityCount: n })
        .from(activityLog)
        .innerJoin(users, eq(users.id, activityLog.userId))
        .where(eq(activityLog.organizationId, organizationId))
        .groupBy(users.id)
        .orderBy(desc(n), asc(users.email))
        .limit(limit);
    },

    /** Calls per UTC day since `since`, only days that had calls. */
    async activityByDay(organizationId: string, since: Date) {
      const day = sql<string>`to_char(${activityLog.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
      const rows = await db
        .select({ date: day, count: count() })
        .from(activityLog)
        .where(
          and(eq(activityLog.organizationId, organizationId), gte(activityLog.createdAt, since)),
        )
        .groupBy(day)
        .orderBy(day);
      return rows.map((r) => ({ date: r.date, count: Number(r.count) }));
    },
  };
}
export type DashboardRepo = ReturnType<typeof createDashboardRepo>;
