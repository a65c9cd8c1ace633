import type { FastifyInstance } from 'fastify';
import { groupRoutes, roleRoutes, userAdminRoutes as r } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { UserAdminService } from './admin-service.js';
import type { GroupsService } from './groups-service.js';
import type { RolesService } from './roles-service.js';

/**
 * User Management (spec 3 §7): the contracts carry the permissions; the services keep each
 * caller to their own organisation (the super admin to the one they name).
 */
export function registerUserAdminRoutes(
  app: FastifyInstance,
  users: UserAdminService,
  groups: GroupsService,
  roles: RolesService,
) {
  registerRoute(app, r.listOfOrganization, ({ auth, params, query }) =>
    users.list(auth, params.organizationId, query),
  );
  registerRoute(app, r.query, ({ auth, query }) => users.query(auth, query));
  registerRoute(app, r.positions, ({ auth, query }) => users.positions(auth, query.organizationId));
  registerRoute(app, r.groups, ({ auth, query }) =>
    groups.ofOrganization(auth, query.organizationId),
  );
  registerRoute(app, r.count, ({ auth, query }) => users.count(auth, query.organizationId));
  registerRoute(app, r.ofOrganization, ({ auth, params, query }) =>
    users.people(auth, params.organizationId, query.role),
  );
  registerRoute(app, r.get, ({ auth, params }) => users.get(auth, params.id));
  registerRoute(app, r.create, ({ auth, body }) => users.create(auth, body));
  registerRoute(app, r.update, ({ auth, params, body }) => users.update(auth, params.id, body));
  registerRoute(app, r.remove, ({ auth, params }) => users.remove(auth, params.id));

  registerRoute(app, groupRoutes.all, ({ auth, query }) => groups.all(auth, query));
  registerRoute(app, groupRoutes.ofOrganization, ({ auth, query }) =>
    groups.ofOrganization(auth, query.filter),
  );
  registerRoute(app, groupRoutes.create, ({ auth, body }) => groups.create(auth, body));
  registerRoute(app, groupRoutes.update, ({ auth, params, body }) =>
    groups.update(auth, params.id, body),
  );
  registerRoute(app, groupRoutes.remove, ({ auth, params }) => groups.remove(auth, params.id));

  registerRoute(app, roleRoutes.ofOrganization, ({ auth, query }) =>
    roles.ofOrganization(auth, query.organizationId),
  );
  registerRoute(app, roleRoutes.create, ({ auth, body }) => roles.create(auth, body));
  registerRoute(app, roleRoutes.update, ({ auth, params, body }) =>
    roles.update(auth, params.id, body),
  );
  registerRoute(app, roleRoutes.remove, ({ auth, params }) => roles.remove(auth, params.id));
}
