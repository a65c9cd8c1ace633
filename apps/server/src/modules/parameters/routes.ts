import type { FastifyInstance } from 'fastify';
import { parameterRoutes as r } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { ParametersService } from './service.js';

export function registerParameterRoutes(app: FastifyInstance, parameters: ParametersService): void {
  registerRoute(app, r.list, ({ query }) => parameters.page(query));
  registerRoute(app, r.create, ({ body }) => parameters.create(body));
  registerRoute(app, r.update, ({ params, body }) => parameters.update(params.id, body));
  registerRoute(app, r.remove, ({ params }) => parameters.remove(params.id));
  registerRoute(app, r.frontend, ({ auth }) => parameters.frontend(auth));
  registerRoute(app, r.thresholds, ({ query }) => parameters.thresholds(query));
  registerRoute(app, r.createThreshold, ({ body }) => parameters.createThreshold(body));
  registerRoute(app, r.updateThreshold, ({ params, body }) =>
    parameters.updateThreshold(params.id, body.value),
  );
  registerRoute(app, r.thresholdValues, ({ auth }) => parameters.thresholdValues(auth));
}
