import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { createSharingRepo } from './repo.js';
import { registerSharingRoutes } from './routes.js';
import { createSharingService, type SharingDeps } from './service.js';

export interface SharingNeeds extends Omit<SharingDeps, 'repo'> {
  db: Db;
}

/** Sharing a meeting inside the organisation, and its public link. */
export function createSharingModule(needs: SharingNeeds) {
  const service = createSharingService({ ...needs, repo: createSharingRepo(needs.db) });
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerSharingRoutes(api, service),
  };
}
