import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { createIntegrationConfigs } from './configs.js';
import type { IntegrationsDeps } from './service.js';
import { createIntegrationsRepo } from './repo.js';
import { registerIntegrationRoutes } from './routes.js';
import { createIntegrationsService } from './service.js';

export interface IntegrationsNeeds extends Omit<IntegrationsDeps, 'repo'> {
  db: Db;
}

/**
 * Cloud storage configurations; `service.storeFor(orgId, provider?)` is the one way to reach
 * an organisation's media store, and `configs` the one way to the integration_configs rows
 * (the AI providers and CRM modules keep their connections there too).
 */
export function createIntegrationsModule(needs: IntegrationsNeeds) {
  const configs = createIntegrationConfigs(needs.db);
  const service = createIntegrationsService({
    ...needs,
    repo: createIntegrationsRepo(needs.db, configs),
  });
  return {
    service,
    configs,
    registerRoutes: (api: FastifyInstance) => registerIntegrationRoutes(api, service),
  };
}
