import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Permission, Role } from '@parley/contracts';
import type { AccessCache } from '../../platform/access-cache.js';
import type { Db } from '../../platform/db/client.js';
import { roles, users } from '../../platform/db/schema.js';

// Qualified by hand: inside a one-table select drizzle writes columns unqualified, and a bare
// "id" in the subquery would be the users' own.
const holders = sql<number>`(SELECT count(*)::int FROM "users" WHERE "users"."role_id" = "roles"."id")`;
const columns = {
  id: roles.id,
  organizationId: roles.organizationId,
  name: roles.name,
  baseRole: roles.baseRole,
  permissions: roles.permissions,
  createdAt: roles.createdAt,
  usersCount: holders,
};

export interface RoleValues {
  name: string;
  baseRole: Role;
  permissions: Permission[];
}

/** An organisation's custom roles (the default roles are not rows). */
/** A custom role edited or removed tells `access`: its holders' permissions changed. */
export function createRolesRepo(db: Db, access: AccessCache) {
  const select = (condition: SQL | undefined) =>
    db.select(columns).from(roles).where(condition).$dynamic();
  return {
    ofOrganization: (organizationId: string) =>
      select(eq(roles.organizationId, organizationId)).orderBy(asc(roles.name)),
    async byId(id: string) {
      const [row] = await select(eq(roles.id, id));
      return row ?? null;
    },
    async byName(organizationId: string, name: string) {
      const found = await select(eq(roles.organizationId, organizationId));
      return found.find((r) => r.name.toLowerCase() === name.toLowerCase()) ?? null;
    },
    async insert(organizationId: string, values: RoleValues) {
      const [row] = await db
        .insert(roles)
        .values({ ...values, organizationId })
        .returning({ id: roles.id });
      if (!row) throw new Error('role insert returned nothing');
      return row.id;
    },
    /** Holders keep users.role in step with the role's base (it decides their navigation). */
    async update(id: string, values: Partial<RoleValues>) {
      await db.transaction(async (tx) => {
        await tx.update(roles).set(values).where(eq(roles.id, id));
        if (values.baseRole) {
          await tx.update(users).set({ role: values.baseRole }).where(eq(users.roleId, id));
        }
      });
      access.changed();
    },
    async remove(id: string) {
      await db.delete(roles).where(eq(roles.id, id));
      access.changed();
    },
  };
}
export type RolesRepo = ReturnType<typeof createRolesRepo>;
export type RoleRow = NonNullable<Awaited<ReturnType<RolesRepo['byId']>>>;
