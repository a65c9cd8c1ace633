import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { createRetentionRepo } from './repo.js';
import { registerRetentionRoutes } from './routes.js';
import { createRetentionService, type RetentionDeps } from './service.js';

export interface RetentionNeeds extends Omit<RetentionDeps, 'repo'> {
  db: Db;
}

/** Per-organisation retention of recordings and transcripts, and its daily pass. */
export function createRetentionModule(needs: RetentionNeeds) {
  const service = createRetentionService({ ...needs, repo: createRetentionRepo(needs.db) });
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerRetentionRoutes(api, service),
    registerWorker: () => service.registerWorker(),
  };
}
