import type { AccessCache } from '../../platform/access-cache.js';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { Mailer } from '../../platform/mail.js';
import type { ImageLinks } from '../../platform/media/image-links.js';
import type { BillingService } from '../billing/index.js';
import type { OrganizationsService } from '../organizations/index.js';
import { createUserAdminRepo } from './admin-repo.js';
import { registerUserAdminRoutes } from './admin-routes.js';
import { createUserAdminService } from './admin-service.js';
import { createGroupsRepo } from './groups-repo.js';
import { createGroupsService } from './groups-service.js';
import { createUsersRepo } from './repo.js';
import { createRolesRepo } from './roles-repo.js';
import { createRolesService } from './roles-service.js';
import { registerUserRoutes } from './routes.js';
import { createOrganizationScope } from './scope.js';
import { createUsersService } from './service.js';

export interface UsersNeeds {
  db: Db;
  organizations: OrganizationsService;
  plans: BillingService;
  images: ImageLinks;
  /** User Management e-mails the people it adds where to sign in. */
  mailer: Mailer;
  publicUrl: string;
  access: AccessCache;
}

/** Users, their consent and the features their organisation's plan opens; User Management. */
export function createUsersModule(needs: UsersNeeds) {
  const service = createUsersService(
    createUsersRepo(needs.db),
    needs.organizations,
    needs.plans,
    needs.images,
  );
  const scope = createOrganizationScope(needs.organizations);
  const roles = createRolesRepo(needs.db, needs.access);
  const admin = createUserAdminService({
    repo: createUserAdminRepo(needs.db, needs.access),
    roles,
    scope,
    mailer: needs.mailer,
    publicUrl: needs.publicUrl,
  });
  const groups = createGroupsService(createGroupsRepo(needs.db), scope);
  return {
    service,
    registerRoutes: (api: FastifyInstance) => {
      registerUserRoutes(api, service, needs.access);
      registerUserAdminRoutes(api, admin, groups, createRolesService(roles, scope));
    },
  };
}
