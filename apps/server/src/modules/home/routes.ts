import type { FastifyInstance } from 'fastify';
import { homeRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { HomeService } from './service.js';

export function registerHomeRoutes(app: FastifyInstance, home: HomeService): void {
  registerRoute(app, homeRoutes.summary, ({ auth }) => home.summary(auth));
}
