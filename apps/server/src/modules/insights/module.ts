import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { createInsightsRepo } from './repo.js';
import { registerInsightRoutes } from './routes.js';
import { createInsightsService, type InsightsDeps } from './service.js';

export interface InsightsNeeds extends Omit<InsightsDeps, 'repo'> {
  db: Db;
}

/** The Zai prompts' insights of a meeting: the pipeline's insights step and the AI-kit routes. */
export function createInsightsModule(needs: InsightsNeeds) {
  const service = createInsightsService({ ...needs, repo: createInsightsRepo(needs.db) });
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerInsightRoutes(api, service),
  };
}
