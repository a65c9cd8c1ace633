import type { FastifyInstance } from 'fastify';
import { authRoutes, consentRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { UsersService } from './service.js';

export function registerUserRoutes(app: FastifyInstance, users: UsersService): void {
  app.decorate('featureHolder', (auth) => users.featureHolder(auth.userId));
  registerRoute(app, authRoutes.me, ({ auth }) => users.sessionUser(auth.userId));
  registerRoute(app, authRoutes.features, ({ auth }) => users.featureAvailability(auth.userId));
  registerRoute(app, consentRoutes.saveConsent, ({ auth }) => users.saveConsent(auth.userId));
}
