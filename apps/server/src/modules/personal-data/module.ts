import type { AccessCache } from '../../platform/access-cache.js';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { createPersonalDataRepo } from './repo.js';
import { registerPersonalDataRoutes } from './routes.js';
import { createPersonalDataService, type PersonalDataDeps } from './service.js';

export interface PersonalDataNeeds extends Omit<PersonalDataDeps, 'repo'> {
  db: Db;
  access: AccessCache;
}

/** A talent-pool person's data: the archive of all of it, and the account's deletion. */
export function createPersonalDataModule(needs: PersonalDataNeeds) {
  const service = createPersonalDataService({
    ...needs,
    repo: createPersonalDataRepo(needs.db, needs.access),
  });
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerPersonalDataRoutes(api, service),
  };
}
