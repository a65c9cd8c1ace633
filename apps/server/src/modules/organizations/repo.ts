import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
} from 'drizzle-orm';
import type { AccessCache } from '../../platform/access-cache.js';
import type { Db } from '../../platform/db/client.js';
import { personColumns } from '../../platform/db/people.js';
import { containsPattern } from '../../platform/db/like.js';
import { organizations, plans, sessions, users } from '../../platform/db/schema.js';

export type OrganizationRow = typeof organizations.$inferSelect;

const pointOfContactOf = (db: Db, organizationIds: string[]) =>
  db
    .selectDistinctOn([users.organizationId], {
      organizationId: users.organizationId,
      ...personColumns,
    })
    .from(users)
    .where(and(inArray(users.organizationId, organizationIds), eq(users.role, 'poc')))
    .orderBy(users.organizationId, asc(users.createdAt));

/** Closing an organisation tells `access`: its users' sessions are gone. */
export function createOrganizationsRepo(db: Db, access: AccessCache) {
  /** Open (not deleted) organisations with their user count, plan name and point of contact. */
  async function summaries(where: ReturnType<typeof and>, page: { offset: number; limit: number }) {
    const rows = await db
      .select({
        org: organizations,
        planName: plans.name,
        usersCount: sql<number>`(SELECT count(*)::int FROM ${users} WHERE ${users.organizationId} = ${organizations.id})`,
      })
      .from(organizations)
      .leftJoin(plans, eq(plans.id, organizations.planId))
      .where(and(isNull(organizations.deletedAt), where))
      .orderBy(desc(organizations.createdAt), asc(organizations.id))
      .offset(page.offset)
      .limit(page.limit);
    const ids = rows.map((r) => r.org.id);
    const contacts = ids.length ? await pointOfContactOf(db, ids) : [];
    return rows.map((r) => {
      const poc = contacts.find((c) => c.organizationId === r.org.id);
      return {
        org: r.org,
        planName: r.planName,
        usersCount: Number(r.usersCount),
        pointOfContact: poc
          ? { id: poc.id, firstName: poc.firstName, lastName: poc.lastName, email: poc.email }
          : null,
      };
    });
  }

  return {
    async byId(id: string) {
      const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
      return row ?? null;
    },
    /** The talent pool organisation individual sign-ups join. */
    async firstB2C() {
      const [row] = await db
        .select()
        .from(organizations)
        .where(and(eq(organizations.isB2C, true), isNull(organizations.deletedAt)))
        .orderBy(organizations.createdAt)
        .limit(1);
      return row ?? null;
    },
    async create(values: { name: string; isB2C: boolean }) {
      const [row] = await db.insert(organizations).values(values).returning();
      if (!row) throw new Error('organisation insert returned nothing');
      return row;
    },

    /**
     * A new organisation and its point of contact, together or not at all (a second invite
     * of the same address fails on the users' unique e-mail and leaves no organisation).
     */
    async createWithPointOfContact(name: string, contact: { email: string; firstName: string }) {
      return db.transaction(async (tx) => {
        const [org] = await tx.insert(organizations).values({ name, isB2C: false }).returning();
        if (!org) throw new Error('organisation insert returned nothing');
        await tx.insert(users).values({
          organizationId: org.id,
          email: contact.email.toLowerCase(),
          firstName: contact.firstName,
          role: 'poc',
        });
        return org;
      });
    },

    /** Organisations whose name or point of contact's address contains `search`, newest first. */
    async page(search: string | undefined, offset: number, limit: number) {
      const pattern = containsPattern(search);
      const matches = pattern
        ? or(
            ilike(organizations.name, pattern),
            exists(
              db
                .select({ one: sql`1` })
                .from(users)
                .where(
                  and(
                    eq(users.organizationId, organizations.id),
                    eq(users.role, 'poc'),
                    ilike(users.email, pattern),
                  ),
                ),
            ),
          )
        : undefined;
      const [total] = await db
        .select({ n: count() })
        .from(organizations)
        .where(and(isNull(organizations.deletedAt), matches));
      return { rows: await summaries(and(matches), { offset, limit }), count: total?.n ?? 0 };
    },

    async summary(id: string) {
      const [row] = await summaries(and(eq(organizations.id, id)), { offset: 0, limit: 1 });
      return row ?? null;
    },

    /**
     * Closes the organisation in one transaction: marked deleted, its users unable to sign in
     * and their sessions (so their access and refresh tokens) gone. False when already closed.
     */
    async close(id: string, at: Date): Promise<boolean> {
      const closed = await db.transaction(async (tx) => {
        const [closed] = await tx
          .update(organizations)
          .set({ deletedAt: at, updatedAt: at })
          .where(and(eq(organizations.id, id), isNull(organizations.deletedAt)))
          .returning({ id: organizations.id });
        if (!closed) return false;
        await tx
          .update(users)
          .set({ status: 'deleted', updatedAt: at })
          .where(eq(users.organizationId, id));
        await tx
          .delete(sessions)
          .where(
            inArray(
              sessions.userId,
              tx.select({ id: users.id }).from(users).where(eq(users.organizationId, id)),
            ),
          );
        return true;
      });
      if (closed) access.changed();
      return closed;
    },

    /** Closed organisations whose removal has not finished (the job resumes them at start). */
    async closedIds(): Promise<string[]> {
      const rows = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(isNotNull(organizations.deletedAt));
      return rows.map((r) => r.id);
    },

    /**
     * Removes a closed organisation's row; every table holding its data (users, meetings,
     * templates, keys, plans, logs) references it with ON DELETE CASCADE.
     */
    async purge(organizationId: string): Promise<void> {
      await db
        .delete(organizations)
        .where(and(eq(organizations.id, organizationId), isNotNull(organizations.deletedAt)));
    },
  };
}
export type OrganizationsRepo = ReturnType<typeof createOrganizationsRepo>;
