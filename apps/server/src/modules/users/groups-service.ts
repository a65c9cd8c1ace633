import { USER_ADMIN_MESSAGES as M, type Group } from '@parley/contracts';
import { notFound } from '../../platform/errors.js';
import { conflictOnDuplicate, isUuid } from '../../platform/db/values.js';
import type { Caller } from '../../platform/http/caller.js';
import type { GroupRow, GroupsRepo } from './groups-repo.js';
import type { OrganizationScope } from './scope.js';

const toGroup = (g: GroupRow): Group => ({
  id: g.id,
  organizationId: g.organizationId,
  name: g.name,
  status: g.status === 'inactive' ? 'inactive' : 'active',
  usersCount: Number(g.usersCount),
  createdAt: g.createdAt.toISOString(),
});

/** An organisation's groups (spec 3 §3 Group): a user may be in several. */
export function createGroupsService(repo: GroupsRepo, scope: OrganizationScope) {
  async function load(caller: Caller, id: string) {
    const row = isUuid(id) ? await repo.byId(id) : null;
    if (!row || !scope.owns(caller, row.organizationId)) throw notFound(M.groupNotFound);
    return row;
  }
  const named = <T>(work: () => Promise<T>) => conflictOnDuplicate(M.groupNameTaken, work);
  const one = async (id: string) => {
    const row = await repo.byId(id);
    if (!row) throw notFound(M.groupNotFound);
    return { data: toGroup(row) };
  };

  return {
    /** The super admin's list spans the platform unless they name an organisation. */
    async all(
      caller: Caller,
      query: { page: number; size: number; search?: string; organizationId?: string },
    ) {
      const { rows, count } = await repo.page(
        await scope.narrowing(caller, query.organizationId),
        query.search,
        query.page * query.size,
        query.size,
      );
      return { data: rows.map(toGroup), count };
    },
    async ofOrganization(caller: Caller, organizationId: string | undefined) {
      const org = await scope.organization(caller, organizationId);
      return { data: (await repo.ofOrganization(org.id)).map(toGroup) };
    },
    async create(caller: Caller, body: { name: string; organizationId?: string }) {
      const org = await scope.organization(caller, body.organizationId);
      return one(await named(() => repo.insert(org.id, body.name)));
    },
    async update(caller: Caller, id: string, body: { name?: string; status?: string }) {
      await load(caller, id);
      await named(() => repo.update(id, body));
      return one(id);
    },
    async remove(caller: Caller, id: string) {
      await load(caller, id);
      await repo.remove(id);
      return { message: M.groupDeleted };
    },
  };
}
export type GroupsService = ReturnType<typeof createGroupsService>;
