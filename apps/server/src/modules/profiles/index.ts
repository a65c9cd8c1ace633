import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { ImageLinks } from '../../platform/media/image-links.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { OrganizationsService } from '../organizations/index.js';
import type { UsersService } from '../users/index.js';
import { registerImageRoute } from './image-route.js';
import { createProfilesRepo } from './repo.js';
import { registerProfileRoutes } from './routes.js';
import { createProfilesService } from './service.js';

export type { ProfilesService } from './service.js';

/** Own profile and picture, organisation profile and logo, user settings (issue 12 item 8). */
export function createProfilesModule(needs: {
  db: Db;
  users: UsersService;
  organizations: OrganizationsService;
  images: ImageLinks;
  resolveStore: StoreResolver;
  log: FastifyBaseLogger;
}) {
  const service = createProfilesService({ ...needs, repo: createProfilesRepo(needs.db) });
  return {
    service,
    async registerRoutes(api: FastifyInstance) {
      await registerProfileRoutes(api, service);
      registerImageRoute(api, service, needs.images);
    },
  };
}
