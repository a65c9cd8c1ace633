import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { ImageLinks } from '../../platform/media/image-links.js';
import type { BillingService } from '../billing/index.js';
import type { OrganizationsService } from '../organizations/index.js';
import { createUsersRepo } from './repo.js';
import { registerUserRoutes } from './routes.js';
import { createUsersService } from './service.js';

export interface UsersNeeds {
  db: Db;
  organizations: OrganizationsService;
  plans: BillingService;
  images: ImageLinks;
}

/** Users, their consent and the features their organisation's plan opens. */
export function createUsersModule(needs: UsersNeeds) {
  const service = createUsersService(
    createUsersRepo(needs.db),
    needs.organizations,
    needs.plans,
    needs.images,
  );
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerUserRoutes(api, service),
  };
}
