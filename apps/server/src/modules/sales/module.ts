import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { MediaLinks } from '../../platform/media/links.js';
import type { MeetingsService } from '../meetings/index.js';
import { createSalesRepo } from './repo.js';
import { registerSalesRoutes } from './routes.js';
import { createSalesService } from './service.js';

export interface SalesNeeds {
  db: Db;
  meetings: MeetingsService;
  links: MediaLinks;
  now: () => Date;
}

/** Sales accounts, deals and contacts, and the teams and deals view (issue 16). */
export function createSalesModule(needs: SalesNeeds) {
  const service = createSalesService({ ...needs, repo: createSalesRepo(needs.db) });
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerSalesRoutes(api, service),
  };
}
