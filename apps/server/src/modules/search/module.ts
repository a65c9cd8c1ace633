import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { createSearchRepo } from './repo.js';
import { registerSearchRoutes } from './routes.js';
import { createSearchService } from './service.js';

export interface SearchNeeds {
  db: Db;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * Search across every conversation. The analysis and transcripts modules are created before
 * it: app.ts subscribes `service.reindex` to their transcript writes and corrections.
 */
export function createSearchModule(needs: SearchNeeds) {
  const repo = createSearchRepo(needs.db);
  const service = createSearchService({ repo, log: needs.log });
  return {
    service,
    registerRoutes(api: FastifyInstance): void {
      registerSearchRoutes(api, service);
    },
  };
}
export type SearchModule = ReturnType<typeof createSearchModule>;
