import type { FastifyInstance } from 'fastify';
import { userLogRoutes as r } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { UserLogsService } from './service.js';

export function registerUserLogRoutes(app: FastifyInstance, logs: UserLogsService): void {
  registerRoute(app, r.all, ({ query }) => logs.all(query));
  registerRoute(app, r.organization, ({ auth, params, query }) =>
    logs.organization(auth, params.organizationId, query),
  );
  registerRoute(app, r.organizationTimestamps, ({ auth, params, query }) =>
    logs.organizationTimestamps(auth, params.organizationId, params.range, query),
  );
  registerRoute(app, r.user, ({ auth, params, query }) => logs.user(auth, params.userId, query));
}
