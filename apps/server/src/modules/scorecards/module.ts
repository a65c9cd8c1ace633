import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { createScorecardsRepo } from './repo.js';
import { registerScorecardRoutes } from './routes.js';
import { createScorecardsService, type ScorecardsDeps } from './service.js';

export interface ScorecardsNeeds extends Omit<ScorecardsDeps, 'repo'> {
  db: Db;
}

/** Interview scorecards: Zai's drafts, the interviewers' own, and the candidate compare view. */
export function createScorecardsModule(needs: ScorecardsNeeds) {
  const service = createScorecardsService({ ...needs, repo: createScorecardsRepo(needs.db) });
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerScorecardRoutes(api, service),
  };
}
