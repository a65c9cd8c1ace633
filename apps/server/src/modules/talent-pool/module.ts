import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { createTalentCatalogService } from './catalog-service.js';
import { createTalentProgressService, type TalentProgressDeps } from './progress-service.js';
import { createTalentPoolRepo } from './repo.js';
import { registerTalentPoolRoutes } from './routes.js';
import { createTalentPoolService, type TalentPoolDeps } from './service.js';

export interface TalentPoolNeeds
  extends Omit<TalentPoolDeps, 'repo'>, Omit<TalentProgressDeps, 'repo' | 'users'> {
  db: Db;
}

/**
 * The talent pool: profiles with resumes, the companies and roles, mock interview set-up and
 * submission, and the seeker's practice figures.
 */
export function createTalentPoolModule(needs: TalentPoolNeeds) {
  const repo = createTalentPoolRepo(needs.db);
  const catalog = createTalentCatalogService(repo);
  const service = createTalentPoolService({ ...needs, repo });
  const progress = createTalentProgressService({ ...needs, repo });
  return {
    catalog,
    service,
    progress,
    registerRoutes: (api: FastifyInstance) =>
      registerTalentPoolRoutes(api, catalog, service, progress),
  };
}
export type TalentPoolModule = ReturnType<typeof createTalentPoolModule>;
