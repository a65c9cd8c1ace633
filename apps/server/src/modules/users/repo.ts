import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Role } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { roles, sessions, users } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/db/like.js';

export interface NewUser {
  organizationId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  position: string | null;
}

/** What decides a user's permissions: their default role and custom role. */
const ACCESS = {
  role: users.role,
  organizationId: users.organizationId,
  status: users.status,
  customRole: { id: roles.id, name: roles.name, permissions: roles.permissions },
};

export function createUsersRepo(db: Db) {
  return {
    /** What decides a user's permissions: their default role and custom role, in one read. */
    async access(userId: string) {
      const [row] = await db
        .select(ACCESS)
        .from(users)
        .leftJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.id, userId));
      return row ?? null;
    },
    /**
     * The same read with the session a bearer token names, in one round trip: every
     * authenticated call makes it (null when the session is not this user's or is gone).
     */
    async accessInSession(userId: string, sessionId: string) {
      const [row] = await db
        .select({ ...ACCESS, sessionExpiresAt: sessions.expiresAt })
        .from(users)
        .innerJoin(sessions, and(eq(sessions.id, sessionId), eq(sessions.userId, users.id)))
        .leftJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.id, userId));
      return row ?? null;
    },
    async byEmail(email: string) {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row ?? null;
    },
    /** The organisation's active members with these addresses (stored lower-case). */
    async activeByEmail(organizationId: string, emails: readonly string[]) {
      if (emails.length === 0) return [];
      return db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(
          and(
            eq(users.organizationId, organizationId),
            eq(users.status, 'active'),
            inArray(users.email, [...new Set(emails.map((e) => e.toLowerCase()))]),
          ),
        );
    },
    async byId(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ?? null;
    },
    async create(values: NewUser) {
      const [row] = await db
        .insert(users)
        .values({ ...values, email: values.email.toLowerCase() })
        .returning();
      if (!row) throw new Error('user insert returned nothing');
      return row;
    },
    /** Users of one organisation whose name or address contains `search` (sharing picker). */
    /** The ids of the organisation's active users of a role. */
    /** The active people who report to a sales manager (users.sales_manager_id). */
    async reportsOf(organizationId: string, managerId: string): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.organizationId, organizationId),
            eq(users.salesManagerId, managerId),
            eq(users.status, 'active'),
          ),
        );
      return rows.map((r) => r.id);
    },

    async inOrganization(organizationId: string, search: string | undefined, limit: number) {
      const pattern = containsPattern(search);
      return db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(users)
        .where(
          and(
            eq(users.organizationId, organizationId),
            pattern
              ? or(
                  ilike(users.email, pattern),
                  ilike(users.firstName, pattern),
                  ilike(users.lastName, pattern),
                )
              : undefined,
          ),
        )
        .orderBy(asc(users.email))
        .limit(limit);
    },
    async setConsent(id: string, consent: boolean) {
      const [row] = await db
        .update(users)
        .set({ b2cConsent: consent, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning({ b2cConsent: users.b2cConsent });
      return row ?? null;
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
export type UserRow = NonNullable<Awaited<ReturnType<UsersRepo['byId']>>>;
