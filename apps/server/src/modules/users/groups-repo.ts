import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { withTotal } from '../../platform/db/paged.js';
import { groups } from '../../platform/db/schema.js';

// Qualified by hand: inside a one-table select drizzle writes columns unqualified.
const members = sql<number>`(SELECT count(*)::int FROM "user_groups" WHERE "user_groups"."group_id" = "groups"."id")`;
const columns = {
  id: groups.id,
  organizationId: groups.organizationId,
  name: groups.name,
  status: groups.status,
  createdAt: groups.createdAt,
  usersCount: members,
};

export function createGroupsRepo(db: Db) {
  const select = (condition: SQL | undefined) =>
    db.select(columns).from(groups).where(condition).$dynamic();

  return {
    async page(
      organizationId: string | undefined,
      search: string | undefined,
      offset: number,
      limit: number,
    ) {
      const pattern = containsPattern(search);
      const condition = and(
        organizationId ? eq(groups.organizationId, organizationId) : undefined,
        pattern ? ilike(groups.name, pattern) : undefined,
      );
      return withTotal(
        db,
        groups,
        condition,
        select(condition)
          .orderBy(desc(groups.createdAt), asc(groups.id))
          .offset(offset)
          .limit(limit),
      );
    },
    ofOrganization: (organizationId: string) =>
      select(eq(groups.organizationId, organizationId)).orderBy(asc(groups.name)),
    async byId(id: string) {
      const [row] = await select(eq(groups.id, id));
      return row ?? null;
    },
    async insert(organizationId: string, name: string) {
      const [row] = await db
        .insert(groups)
        .values({ organizationId, name })
        .returning({ id: groups.id });
      if (!row) throw new Error('group insert returned nothing');
      return row.id;
    },
    async update(id: string, values: { name?: string; status?: string }) {
      await db.update(groups).set(values).where(eq(groups.id, id));
    },
    /** Memberships go with it (user_groups cascades); the members stay. */
    async remove(id: string) {
      await db.delete(groups).where(eq(groups.id, id));
    },
  };
}
export type GroupsRepo = ReturnType<typeof createGroupsRepo>;
export type GroupRow = NonNullable<Awaited<ReturnType<GroupsRepo['byId']>>>;
