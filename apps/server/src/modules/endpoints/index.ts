import type { FastifyInstance } from 'fastify';
import * as contracts from '@parley/contracts';
import { collectRoutes } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { createEndpointsRepo } from './repo.js';
import { registerEndpointRoutes } from './routes.js';
import { createEndpointsService } from './service.js';

export type { EndpointsService } from './service.js';

/**
 * The endpoint catalogue (spec 3 §3, §7): generated from the route contracts (`sync` at
 * start), and the permission each route requires, which the route check reads from here.
 */
export function createEndpointsModule(needs: { db: Db }) {
  const service = createEndpointsService({
    repo: createEndpointsRepo(needs.db),
    routes: collectRoutes(contracts),
  });
  return {
    service,
    sync: () => service.sync(),
    registerRoutes: (api: FastifyInstance) => registerEndpointRoutes(api, service),
  };
}
