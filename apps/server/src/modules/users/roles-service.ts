import {
  DEFAULT_ROLES,
  ROLES,
  USER_ADMIN_MESSAGES as M,
  type CustomRole,
  type Permission,
  type Role,
} from '@parley/contracts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { conflictOnDuplicate, isUuid } from '../../platform/db/values.js';
import type { Caller } from '../../platform/http/caller.js';
import type { RoleRow, RolesRepo, RoleValues } from './roles-repo.js';
import type { OrganizationScope } from './scope.js';

const toRole = (r: RoleRow): CustomRole => ({
  id: r.id,
  organizationId: r.organizationId ?? '',
  name: r.name,
  baseRole: r.baseRole === 'salesManager' || r.baseRole === 'salesRep' ? r.baseRole : 'user',
  permissions: r.permissions,
  usersCount: Number(r.usersCount),
  createdAt: r.createdAt.toISOString(),
});

/** Custom roles (spec 3 §3): built from permissions; the default roles are not rows. */
export function createRolesService(repo: RolesRepo, scope: OrganizationScope) {
  async function load(caller: Caller, id: string) {
    // The default roles are named, not numbered: they cannot be changed or deleted.
    if ((ROLES as readonly string[]).includes(id)) throw badRequest(M.defaultRole);
    const row = isUuid(id) ? await repo.byId(id) : null;
    if (!row?.organizationId || !scope.owns(caller, row.organizationId)) {
      throw notFound(M.roleNotFound);
    }
    return row;
  }
  /** Nobody hands out what they do not hold (platform.manage is refused by the contract). */
  function checkGrant(caller: Caller, permissions: readonly Permission[] | undefined) {
    if (permissions?.some((p) => !caller.permissions.includes(p))) {
      throw forbidden(M.permissionNotHeld);
    }
  }
  const named = <T>(work: () => Promise<T>) => conflictOnDuplicate(M.roleNameTaken, work);
  async function uniqueName(organizationId: string, name: string | undefined, self?: string) {
    const clash = name ? await repo.byName(organizationId, name) : null;
    if (clash && clash.id !== self) throw conflict(M.roleNameTaken);
  }
  const one = async (id: string) => {
    const row = await repo.byId(id);
    if (!row) throw notFound(M.roleNotFound);
    return { data: toRole(row) };
  };

  return {
    async ofOrganization(caller: Caller, organizationId: string | undefined) {
      const org = await scope.organization(caller, organizationId);
      return { data: (await repo.ofOrganization(org.id)).map(toRole), defaultRoles: DEFAULT_ROLES };
    },
    async create(caller: Caller, body: RoleValues & { organizationId?: string }) {
      const org = await scope.organization(caller, body.organizationId);
      checkGrant(caller, body.permissions);
      await uniqueName(org.id, body.name);
      const values = { name: body.name, baseRole: body.baseRole, permissions: body.permissions };
      return one(await named(() => repo.insert(org.id, values)));
    },
    async update(
      caller: Caller,
      id: string,
      body: { name?: string; baseRole?: Role; permissions?: Permission[] },
    ) {
      const row = await load(caller, id);
      checkGrant(caller, body.permissions);
      // Changing a role someone else built with more than the caller holds is lending oneself it.
      checkGrant(caller, row.permissions);
      await uniqueName(row.organizationId ?? '', body.name, id);
      await named(() => repo.update(id, body));
      return one(id);
    },
    async remove(caller: Caller, id: string) {
      const row = await load(caller, id);
      const holders = Number(row.usersCount);
      if (holders > 0) throw conflict(M.roleInUse(holders));
      await repo.remove(id);
      return { message: M.roleDeleted };
    },
  };
}
export type RolesService = ReturnType<typeof createRolesService>;
