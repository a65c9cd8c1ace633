import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { MeetingsService } from '../meetings/index.js';
import { createHighlightsRepo } from './repo.js';
import { registerHighlightRoutes } from './routes.js';
import { createHighlightsService } from './service.js';

export interface HighlightsNeeds {
  db: Db;
  meetings: MeetingsService;
  now: () => Date;
}

/** Highlights of a meeting's transcript, composed from the database and the meetings service. */
export function createHighlightsModule(deps: HighlightsNeeds) {
  const service = createHighlightsService({
    repo: createHighlightsRepo(deps.db),
    meetings: deps.meetings,
    now: deps.now,
  });
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerHighlightRoutes(api, service),
  };
}
