import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { createTalentCatalogService } from './catalog-service.js';
import { createTalentPoolRepo } from './repo.js';
import { registerTalentPoolRoutes } from './routes.js';
import { createTalentPoolService, type TalentPoolDeps } from './service.js';

export interface TalentPoolNeeds extends Omit<TalentPoolDeps, 'repo'> {
  db: Db;
}

/** The talent pool: profiles with resumes, the companies and roles, and mock interview set-up. */
export function createTalentPoolModule(needs: TalentPoolNeeds) {
  const repo = createTalentPoolRepo(needs.db);
  const catalog = createTalentCatalogService(repo);
  const service = createTalentPoolService({ ...needs, repo });
  return {
    catalog,
    service,
    registerRoutes: (api: FastifyInstance) => registerTalentPoolRoutes(api, catalog, service),
  };
}
export type TalentPoolModule = ReturnType<typeof createTalentPoolModule>;
