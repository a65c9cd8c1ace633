import type { FastifyInstance } from 'fastify';
import { endpointRoutes as r } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { EndpointsService } from './service.js';

export function registerEndpointRoutes(app: FastifyInstance, endpoints: EndpointsService): void {
  // The one route check (platform/http/route.ts) asks here which permission a route needs.
  app.decorate('requiredPermission', (contract) => endpoints.required(contract));
  registerRoute(app, r.query, ({ query }) => endpoints.query(query));
  registerRoute(app, r.count, () => endpoints.count());
  registerRoute(app, r.list, () => endpoints.list());
  registerRoute(app, r.create, ({ body }) => endpoints.create(body));
  registerRoute(app, r.update, ({ params, body }) => endpoints.update(params.id, body.permission));
  registerRoute(app, r.remove, ({ params }) => endpoints.remove(params.id));
}
