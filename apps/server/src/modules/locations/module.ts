import type { FastifyInstance } from 'fastify';
import { packagedLocations, type LocationDataset } from './dataset.js';
import { registerLocationRoutes } from './routes.js';
import { createLocationsService } from './service.js';

/**
 * Countries, states and cities for addresses. The dataset is the installed package's unless
 * one is given (a benchmark or test that counts reads).
 */
export function createLocationsModule(needs: { dataset?: LocationDataset } = {}) {
  const service = createLocationsService(needs.dataset ?? packagedLocations);
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerLocationRoutes(api, service),
  };
}
