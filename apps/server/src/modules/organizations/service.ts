import type { OrganizationsRepo } from './repo.js';

export function createOrganizationsService(repo: OrganizationsRepo) {
  return {
    byId: (id: string) => repo.byId(id),
    createTeam: (name: string) => repo.create({ name, isB2C: false }),
    async talentPool() {
      return (await repo.firstB2C()) ?? repo.create({ name: 'Parley Talent Pool', isB2C: true });
    },
  };
}
export type OrganizationsService = ReturnType<typeof createOrganizationsService>;
