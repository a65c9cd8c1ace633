import {
  DEFAULT_ROLE_PERMISSIONS,
  reportsToSalesManager,
  permissionsOf,
  POSITIONS,
  USER_ADMIN_MESSAGES as M,
  type ManagedUser,
  type Permission,
  type Role,
  type UserStatus,
  type createUserBody,
  type updateUserBody,
  type userListQuery,
} from '@parley/contracts';
import type { z } from 'zod';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { conflictOnDuplicate, isUuid } from '../../platform/db/values.js';
import type { Caller } from '../../platform/http/caller.js';
import type { Mailer } from '../../platform/mail.js';
import { invitationMail } from '../organizations/index.js';
import type { ManagedUserRow, UserAdminRepo, UserSortKey, UserValues } from './admin-repo.js';
import type { RolesRepo } from './roles-repo.js';
import type { OrganizationScope } from './scope.js';

export interface UserAdminDeps {
  repo: UserAdminRepo;
  roles: RolesRepo;
  scope: OrganizationScope;
  mailer: Mailer;
  publicUrl: string;
}

type ListQuery = z.output<typeof userListQuery>;
type CreateBody = z.output<typeof createUserBody>;
type UpdateBody = z.output<typeof updateUserBody>;

const toManaged = (r: ManagedUserRow): ManagedUser => ({
  id: r.user.id,
  organizationId: r.user.organizationId,
  organization: r.organization,
  firstName: r.user.firstName,
  lastName: r.user.lastName,
  email: r.user.email,
  role: r.user.role,
  customRole: r.customRole ? { id: r.customRole.id, name: r.customRole.name } : null,
  position: r.user.position,
  status: r.user.status === 'active' ? 'active' : 'inactive',
  groups: r.groups,
  salesManager: r.salesManager,
  createdAt: r.user.createdAt.toISOString(),
});

const sortOf = (sort: string) => sort.split(':') as [UserSortKey, 'asc' | 'desc'];
const within = (held: readonly Permission[], wanted: readonly Permission[]) =>
  wanted.every((p) => held.includes(p));

/** Users of an organisation as User Management sees and changes them (spec 3 §7). */
export function createUserAdminService(deps: UserAdminDeps) {
  const { repo, scope } = deps;

  /** The user, when the caller may manage their organisation; else 404 as if absent. */
  async function load(caller: Caller, id: string) {
    const row = isUuid(id) ? await repo.detail(id) : null;
    if (!row || !scope.owns(caller, row.user.organizationId)) throw notFound(M.userNotFound);
    return row;
  }

  /**
   * The role a user is given: a custom role of the organisation (its base role becomes
   * users.role) or a default role (role_id cleared). Nobody gives more than they hold.
   */
  async function resolveRole(
    caller: Caller,
    organizationId: string,
    role: Role,
    roleId: string | null,
  ): Promise<{ role: Role; roleId: string | null }> {
    if (roleId) {
      const custom = await deps.roles.byId(roleId);
      if (!custom || custom.organizationId !== organizationId) throw badRequest(M.roleNotFound);
      if (!within(caller.permissions, custom.permissions)) throw forbidden(M.roleNotAssignable);
      return { role: custom.baseRole, roleId: custom.id };
    }
    if (!within(caller.permissions, DEFAULT_ROLE_PERMISSIONS[role])) {
      throw forbidden(M.roleNotAssignable);
    }
    return { role, roleId: null };
  }

  async function checkGroups(organizationId: string, groupIds: readonly string[]) {
    const unique = [...new Set(groupIds)];
    const active = await repo.activeGroups(organizationId, unique);
    if (active.length !== unique.length) throw badRequest(M.groupInvalid);
    return unique;
  }

  /** A sales rep's manager must be an active sales manager of the same organisation. */
  async function checkManager(organizationId: string, role: Role, managerId: string | null) {
    if (!reportsToSalesManager(role) || !managerId) return null;
    const managers = await repo.people(organizationId, 'salesManager');
    if (!managers.some((m) => m.id === managerId)) throw badRequest(M.salesManagerInvalid);
    return managerId;
  }

  const saving = <T>(work: () => Promise<T>) => conflictOnDuplicate(M.emailTaken, work);

  async function detail(id: string) {
    const row = await repo.detail(id);
    if (!row) throw notFound(M.userNotFound);
    return toManaged(row);
  }

  return {
    async list(caller: Caller, organizationId: string, query: ListQuery) {
      const org = await scope.organization(caller, organizationId);
      const { rows, count } = await repo.page(
        { organizationId: org.id, groupId: query.filter?.groupId, search: query.search },
        sortOf(query.sort),
        query.page * query.size,
        query.size,
      );
      return { data: rows.map(toManaged), count };
    },

    /** The platform's users for the super admin unless they name one organisation. */
    async query(caller: Caller, query: ListQuery & { organizationId?: string }) {
      const organizationId = await scope.narrowing(caller, query.organizationId);
      const { rows, count } = await repo.page(
        { organizationId, groupId: query.filter?.groupId, search: query.search },
        sortOf(query.sort),
        query.page * query.size,
        query.size,
      );
      return { users: rows.map(toManaged), count };
    },

    get: async (caller: Caller, id: string) => ({ data: toManaged(await load(caller, id)) }),

    async count(caller: Caller, organizationId: string | undefined) {
      return { count: await repo.count(await scope.narrowing(caller, organizationId)) };
    },

    async positions(caller: Caller, organizationId: string | undefined) {
      const org = await scope.organization(caller, organizationId);
      const used = await repo.positions(org.id);
      const offered = [POSITIONS.salesManager, POSITIONS.salesRep, ...used];
      // B2CUSER marks talent-pool accounts; it is not a position an administrator gives.
      const data = [...new Set(offered)].filter((p) => p !== POSITIONS.b2cUser).sort();
      return { data };
    },

    async people(caller: Caller, organizationId: string, role: Role | undefined) {
      const org = await scope.organization(caller, organizationId);
      return { data: await repo.people(org.id, role) };
    },

    async create(caller: Caller, body: CreateBody) {
      const org = await scope.organization(caller, body.organizationId);
      const granted = await resolveRole(caller, org.id, body.role, body.roleId);
      const groupIds = await checkGroups(org.id, body.groupIds);
      const values: UserValues = {
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        ...granted,
        position: body.position,
        salesManagerId: await checkManager(org.id, granted.role, body.salesManagerId),
        status: 'active',
      };
      const id = await saving(() => repo.insert(org.id, values, groupIds));
      await deps.mailer.send(invitationMail(body.email, org.name, deps.publicUrl, 'member'));
      return { data: await detail(id), message: M.invited(body.email) };
    },

    async update(caller: Caller, id: string, body: UpdateBody) {
      const row = await load(caller, id);
      const orgId = row.user.organizationId;
      const current = permissionsOf(row.user.role, row.customRole?.permissions ?? null);
      // Whoever holds less than the user they change could otherwise lend themself more.
      if (!within(caller.permissions, current)) throw forbidden(M.roleNotAssignable);
      if (body.status === 'inactive' && id === caller.userId) throw badRequest(M.notYourself);

      const values: Partial<UserValues> = {};
      if (body.firstName !== undefined) values.firstName = body.firstName;
      if (body.lastName !== undefined) values.lastName = body.lastName;
      if (body.email !== undefined) values.email = body.email;
      if (body.position !== undefined) values.position = body.position;
      if (body.status !== undefined) values.status = body.status satisfies UserStatus;
      if (body.role !== undefined || body.roleId !== undefined) {
        // Clearing a custom role leaves its holder on its base role (users.role already is).
        const base = body.role ?? row.user.role;
        Object.assign(values, await resolveRole(caller, orgId, base, body.roleId ?? null));
      }
      const role = values.role ?? row.user.role;
      const managerId =
        body.salesManagerId !== undefined ? body.salesManagerId : row.user.salesManagerId;
      values.salesManagerId =
        managerId === row.user.salesManagerId && reportsToSalesManager(role)
          ? managerId
          : await checkManager(orgId, role, managerId);
      const groupIds = body.groupIds ? await checkGroups(orgId, body.groupIds) : undefined;

      await saving(() => repo.update(id, values, groupIds));
      if (body.status === 'inactive') await repo.endSessions(id);
      return { data: await detail(id), message: M.userUpdated };
    },

    /** Deletes the user; their meetings go to the caller, or the organisation's poc. */
    async remove(caller: Caller, id: string) {
      const row = await load(caller, id);
      if (id === caller.userId) throw badRequest(M.notYourself);
      const current = permissionsOf(row.user.role, row.customRole?.permissions ?? null);
      if (!within(caller.permissions, current)) throw forbidden(M.roleNotAssignable);
      const orgId = row.user.organizationId;
      const heir = caller.organizationId === orgId ? caller.userId : await repo.heir(orgId, id);
      if (!heir) throw conflict(M.noHeir);
      await repo.remove(id, heir);
      return { message: M.userDeleted };
    },
  };
}
export type UserAdminService = ReturnType<typeof createUserAdminService>;
