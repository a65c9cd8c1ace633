import type { FastifyInstance } from 'fastify';
import { organizationRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { OrganizationsService } from './service.js';

/**
 * Organization Management (spec 3 §7): the super admin's; the contracts carry the roles. One
 * organisation and its addresses are also its point of contact's (the service scopes the id).
 */
export function registerOrganizationRoutes(app: FastifyInstance, orgs: OrganizationsService) {
  registerRoute(app, organizationRoutes.list, ({ query }) => orgs.list(query));
  registerRoute(app, organizationRoutes.invite, ({ body }) => orgs.invite(body));
  registerRoute(app, organizationRoutes.dashboard, async ({ params, query }) => ({
    data: await orgs.dashboard(params.organizationId, query.days),
  }));
  registerRoute(app, organizationRoutes.get, async ({ auth, params }) => ({
    data: await orgs.get(auth, params.organizationId),
  }));
  registerRoute(app, organizationRoutes.update, ({ auth, params, body }) =>
    orgs.update(auth, params.organizationId, body),
  );
  registerRoute(app, organizationRoutes.remove, ({ auth, params, body }) =>
    orgs.remove(auth, params.organizationId, body.confirmName),
  );
}
