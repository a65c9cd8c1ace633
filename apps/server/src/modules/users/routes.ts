import type { AccessCache } from '../../platform/access-cache.js';
import type { FastifyInstance } from 'fastify';
import { authRoutes, consentRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { UsersService } from './service.js';

export function registerUserRoutes(
  app: FastifyInstance,
  users: UsersService,
  access: AccessCache,
): void {
  // The feature gate's read on every gated call; modules that show the plan read it fresh.
  app.decorate('featureHolder', (auth) =>
    access.read('features', auth.userId, () => users.featureHolder(auth.userId)),
  );
  registerRoute(app, authRoutes.me, ({ auth }) => users.sessionUser(auth.userId));
  registerRoute(app, authRoutes.features, ({ auth }) => users.featureAvailability(auth.userId));
  registerRoute(app, consentRoutes.saveConsent, ({ auth }) => users.saveConsent(auth.userId));
}
