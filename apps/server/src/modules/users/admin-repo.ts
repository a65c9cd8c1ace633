import { and, asc, desc, eq, exists, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Role } from '@parley/contracts';
import type { AccessCache } from '../../platform/access-cache.js';
import type { Db } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { countOf, withTotal } from '../../platform/db/paged.js';
import {
  groups,
  meetings,
  organizations,
  roles,
  sessions,
  userGroups,
  users,
} from '../../platform/db/schema.js';

/** The same expression as users_search_trgm_idx (and user-logs), so the index serves it. */
const USER_SEARCH_TEXT = sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`;

export interface UserFilter {
  organizationId?: string;
  groupId?: string;
  search?: string;
}
export type UserSortKey = 'createdAt' | 'firstName' | 'lastName' | 'email' | 'role';
const SORT_COLUMNS = {
  createdAt: users.createdAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
} as const;

export interface UserValues {
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  roleId: string | null;
  position: string | null;
  salesManagerId: string | null;
  status: string;
}

const manager = alias(users, 'sales_manager');

function where(filter: UserFilter): SQL | undefined {
  const pattern = containsPattern(filter.search);
  return and(
    filter.organizationId ? eq(users.organizationId, filter.organizationId) : undefined,
    pattern ? sql`${USER_SEARCH_TEXT} ILIKE ${pattern}` : undefined,
    filter.groupId
      ? exists(
          sql`(SELECT 1 FROM ${userGroups} WHERE ${userGroups.userId} = ${users.id} AND ${userGroups.groupId} = ${filter.groupId})`,
        )
      : undefined,
  );
}

/** A user's edit, sign-out or removal tells `access` (their role or status may have changed). */
export function createUserAdminRepo(db: Db, access: AccessCache) {
  /** Rows with their organisation, custom role, sales manager and groups. */
  async function rows(condition: SQL | undefined, order: SQL[], offset = 0, limit = 1000) {
    const found = await db
      .select({
        user: users,
        organization: organizations.name,
        customRole: { id: roles.id, name: roles.name, permissions: roles.permissions },
        salesManager: {
          id: manager.id,
          firstName: manager.firstName,
          lastName: manager.lastName,
          email: manager.email,
        },
      })
      .from(users)
      .innerJoin(organizations, eq(organizations.id, users.organizationId))
      .leftJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(manager, eq(manager.id, users.salesManagerId))
      .where(condition)
      .orderBy(...order)
      .offset(offset)
      .limit(limit);
    const ids = found.map((r) => r.user.id);
    const memberships = ids.length
      ? await db
          .select({ userId: userGroups.userId, id: groups.id, name: groups.name })
          .from(userGroups)
          .innerJoin(groups, eq(groups.id, userGroups.groupId))
          .where(inArray(userGroups.userId, ids))
          .orderBy(asc(groups.name))
      : [];
    return found.map((r) => ({
      ...r,
      groups: memberships
        .filter((m) => m.userId === r.user.id)
        .map((m) => ({ id: m.id, name: m.name })),
    }));
  }

  async function setGroups(tx: Db, userId: string, groupIds: readonly string[]) {
    await tx.delete(userGroups).where(eq(userGroups.userId, userId));
    if (groupIds.length) {
      await tx.insert(userGroups).values(groupIds.map((groupId) => ({ userId, groupId })));
    }
  }

  return {
    async page(
      filter: UserFilter,
      sort: [UserSortKey, 'asc' | 'desc'],
      offset: number,
      limit: number,
    ) {
      const condition = where(filter);
      const column = SORT_COLUMNS[sort[0]];
      const order = [sort[1] === 'asc' ? asc(column) : desc(column), asc(users.id)];
      return withTotal(db, users, condition, rows(condition, order, offset, limit));
    },

    async detail(id: string) {
      const [row] = await rows(eq(users.id, id), [asc(users.id)], 0, 1);
      return row ?? null;
    },

    count: (organizationId: string | undefined) =>
      countOf(db, users, organizationId ? eq(users.organizationId, organizationId) : undefined),

    /** Active users of an organisation, of one role when asked (the sales manager select). */
    people(organizationId: string, role: Role | undefined) {
      return db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          role: users.role,
        })
        .from(users)
        .where(
          and(
            eq(users.organizationId, organizationId),
            eq(users.status, 'active'),
            role ? eq(users.role, role) : undefined,
          ),
        )
        .orderBy(asc(users.firstName), asc(users.lastName));
    },

    async positions(organizationId: string) {
      const found = await db
        .selectDistinct({ position: users.position })
        .from(users)
        .where(and(eq(users.organizationId, organizationId), isNotNull(users.position)));
      return found.map((r) => r.position).filter((p): p is string => !!p);
    },

    async insert(organizationId: string, values: UserValues, groupIds: readonly string[]) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ ...values, organizationId })
          .returning({ id: users.id });
        if (!row) throw new Error('user insert returned nothing');
        await setGroups(tx, row.id, groupIds);
        return row.id;
      });
    },

    async update(id: string, values: Partial<UserValues>, groupIds: readonly string[] | undefined) {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(users.id, id));
        if (groupIds) await setGroups(tx, id, groupIds);
      });
      access.userChanged(id);
    },

    /** Ends the user's session: their refresh token stops working at once. */
    async endSessions(userId: string) {
      await db.delete(sessions).where(eq(sessions.userId, userId));
      access.userChanged(userId);
    },

    /** Who keeps a deleted user's meetings: the organisation's longest-serving other poc. */
    async heir(organizationId: string, leaving: string) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.organizationId, organizationId),
            eq(users.role, 'poc'),
            eq(users.status, 'active'),
            ne(users.id, leaving),
          ),
        )
        .orderBy(asc(users.createdAt))
        .limit(1);
      return row?.id ?? null;
    },

    /** Deletes the user after handing their meetings to `heirId` (meetings.owner_id cascades). */
    async remove(userId: string, heirId: string) {
      await db.transaction(async (tx) => {
        await tx
          .update(meetings)
          .set({ ownerId: heirId, updatedAt: new Date() })
          .where(eq(meetings.ownerId, userId));
        await tx.delete(users).where(eq(users.id, userId));
      });
      access.userChanged(userId);
    },

    /** Which of `ids` are active groups of the organisation. */
    async activeGroups(organizationId: string, ids: readonly string[]) {
      if (!ids.length) return [];
      const found = await db
        .select({ id: groups.id })
        .from(groups)
        .where(
          and(
            eq(groups.organizationId, organizationId),
            eq(groups.status, 'active'),
            inArray(groups.id, [...ids]),
          ),
        );
      return found.map((g) => g.id);
    },
  };
}
export type UserAdminRepo = ReturnType<typeof createUserAdminRepo>;
export type ManagedUserRow = NonNullable<Awaited<ReturnType<UserAdminRepo['detail']>>>;
