import type { FastifyInstance } from 'fastify';
import { locationRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { LocationsService } from './service.js';

/** Spec 3 §7 Location and address: the lists behind the address form's country → state → city. */
export function registerLocationRoutes(app: FastifyInstance, locations: LocationsService) {
  registerRoute(app, locationRoutes.countries, async () => ({
    data: await locations.countries(),
  }));
  registerRoute(app, locationRoutes.states, async ({ params }) => ({
    data: await locations.states(params.countryId),
  }));
  registerRoute(app, locationRoutes.cities, async ({ params }) => ({
    data: await locations.cities(params.stateId),
  }));
}
