import type { Db } from '../../platform/db/client.js';
import { createOrganizationsRepo } from './repo.js';
import { createOrganizationsService } from './service.js';

export interface OrganizationsNeeds {
  db: Db;
}

/** Organisations: read by users and auth (no routes of their own yet). */
export function createOrganizationsModule(needs: OrganizationsNeeds) {
  return { service: createOrganizationsService(createOrganizationsRepo(needs.db)) };
}
