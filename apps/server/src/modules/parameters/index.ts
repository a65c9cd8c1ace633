import type { FastifyInstance } from 'fastify';
import type { KnownParameter } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { createParametersRepo } from './repo.js';
import { registerParameterRoutes } from './routes.js';
import { createParametersService } from './service.js';

/**
 * Parameters and thresholds (spec 3 §7). `service.valueOf(key, organizationId)` is the one
 * way to read a known parameter; `defaults` are the environment values it falls back to.
 */
export function createParametersModule(needs: {
  db: Db;
  defaults: Record<KnownParameter, number>;
}) {
  const service = createParametersService({
    repo: createParametersRepo(needs.db),
    defaults: needs.defaults,
  });
  return {
    service,
    /** Adds the known parameters that have no row yet, holding the environment defaults. */
    seed: () => service.seed(),
    registerRoutes: (api: FastifyInstance) => registerParameterRoutes(api, service),
  };
}
