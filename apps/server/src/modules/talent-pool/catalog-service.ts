import {
  MOCK_LEVELS,
  TALENT_CATALOG_MESSAGES as M,
  TALENT_POOL_DEFAULTS,
  catalogQuery,
  type CatalogBody,
  type CatalogPatchBody,
  type CatalogQuery,
  type MockLevel,
  type RoleLevel,
  type TalentCompany,
  type TalentRole,
} from '@parley/contracts';
import { isUuid, conflictOnDuplicate } from '../../platform/db/values.js';
import { notFound } from '../../platform/errors.js';
import type { CatalogRow, TalentPoolRepo } from './repo.js';

const toCompany = (row: CatalogRow): TalentCompany => ({
  id: row.id,
  name: row.name,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

/**
 * The companies and roles a mock interview is set up with (spec 3 §7 b2c/company…, b2c/role…,
 * role-level). Who may change them is the contracts' business (platform.manage: the super
 * admin); every signed-in user reads the active ones. They are platform-wide, not an
 * organisation's.
 */
export function createTalentCatalogService(repo: TalentPoolRepo) {
  async function withCounts(rows: CatalogRow[]): Promise<TalentRole[]> {
    const counts = await repo.questionCounts(rows.map((r) => r.id));
    return rows.map((row) => {
      const perLevel = counts.get(row.id) ?? {};
      const questionCounts = Object.fromEntries(
        MOCK_LEVELS.map((l) => [l, perLevel[l] ?? 0]),
      ) as Record<MockLevel, number>;
      return { ...toCompany(row), questionCounts };
    });
  }
  const exists = async <T>(row: T | null, message: string): Promise<T> => {
    if (!row) throw notFound(message);
    return row;
  };
  const known = (id: string) => (isUuid(id) ? id : null);

  return {
    async activeCompanies() {
      const rows = await repo.companies.active();
      return { data: rows.map(toCompany), count: rows.length };
    },
    async companyPage(query: CatalogQuery) {
      const { rows, count } = await repo.companies.page(catalogQuery.parse(query));
      return { data: rows.map(toCompany), count };
    },
    async createCompany(body: CatalogBody) {
      const name = body.name.trim();
      return toCompany(
        await conflictOnDuplicate(M.companyExists(name), () =>
          repo.companies.create({ name, status: body.status ?? 'active' }),
        ),
      );
    },
    async updateCompany(id: string, body: CatalogPatchBody) {
      const row = known(id) ? await repo.companies.byId(id) : null;
      await exists(row, M.companyNotFound);
      const name = body.name ?? row?.name ?? '';
      const updated = await conflictOnDuplicate(M.companyExists(name), () =>
        repo.companies.update(id, body),
      );
      return toCompany(await exists(updated, M.companyNotFound));
    },
    async deleteCompany(id: string) {
      if (!known(id) || !(await repo.companies.remove(id))) throw notFound(M.companyNotFound);
      return { message: M.companyDeleted };
    },

    async roleLevel(): Promise<RoleLevel> {
      return {
        roles: await withCounts(await repo.roles.active()),
        levels: [...MOCK_LEVELS],
        skills: [...TALENT_POOL_DEFAULTS.skills],
      };
    },
    async rolePage(query: CatalogQuery) {
      const { rows, count } = await repo.roles.page(catalogQuery.parse(query));
      return { data: await withCounts(rows), count };
    },
    async createRole(body: CatalogBody) {
      const name = body.name.trim();
      const row = await conflictOnDuplicate(M.roleExists(name), () =>
        repo.roles.create({ name, status: body.status ?? 'active' }),
      );
      const [role] = await withCounts([row]);
      if (!role) throw new Error('role vanished');
      return role;
    },
    async updateRole(id: string, body: CatalogPatchBody) {
      const row = await exists(known(id) ? await repo.roles.byId(id) : null, M.roleNotFound);
      const name = body.name ?? row.name;
      const updated = await conflictOnDuplicate(M.roleExists(name), () =>
        repo.roles.update(id, body),
      );
      const [role] = await withCounts([await exists(updated, M.roleNotFound)]);
      if (!role) throw new Error('role vanished');
      return role;
    },
    async deleteRole(id: string) {
      if (!known(id) || !(await repo.roles.remove(id))) throw notFound(M.roleNotFound);
      return { message: M.roleDeleted };
    },
  };
}
export type TalentCatalogService = ReturnType<typeof createTalentCatalogService>;
