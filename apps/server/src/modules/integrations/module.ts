import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { IntegrationsDeps } from './service.js';
import { createIntegrationsRepo } from './repo.js';
import { registerIntegrationRoutes } from './routes.js';
import { createIntegrationsService } from './service.js';

export interface IntegrationsNeeds extends Omit<IntegrationsDeps, 'repo'> {
  db: Db;
}

/**
 * Cloud storage configurations; `service.storeFor(orgId, provider?)` is the one way to reach
 * an organisation's media store.
 */
export function createIntegrationsModule(needs: IntegrationsNeeds) {
  const service = createIntegrationsService({ ...needs, repo: createIntegrationsRepo(needs.db) });
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerIntegrationRoutes(api, service),
  };
}
