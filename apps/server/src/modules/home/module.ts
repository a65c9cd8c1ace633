import type { FastifyInstance } from 'fastify';
import { registerHomeRoutes } from './routes.js';
import { createHomeService, type HomeDeps } from './service.js';

export type HomeNeeds = HomeDeps;

/** The home dashboard: no tables of its own, only what other modules' services answer. */
export function createHomeModule(needs: HomeNeeds) {
  const service = createHomeService(needs);
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerHomeRoutes(api, service),
  };
}
