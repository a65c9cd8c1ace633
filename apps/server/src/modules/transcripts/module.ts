import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { createHighlightsModule } from '../highlights/module.js';
import type { MeetingsService } from '../meetings/service.js';
import { createTranscriptsRepo } from './repo.js';
import { registerTranscriptRoutes } from './routes.js';
import { createTranscriptsService } from './service.js';

/**
 * The transcript area: transcripts, their analytics, speaker names and highlights. Composed
 * here so the app's wiring (meetings-area.ts) needs one line to create it and one to register
 * its routes; `service` is what the public link view reads.
 */
export function createTranscriptsModule(deps: {
  db: Db;
  meetings: MeetingsService;
  now: () => Date;
}) {
  const repo = createTranscriptsRepo(deps.db);
  const service = createTranscriptsService({ repo, meetings: deps.meetings, now: deps.now });
  const highlights = createHighlightsModule(deps);
  return {
    service,
    registerRoutes(api: FastifyInstance): void {
      registerTranscriptRoutes(api, service, deps.meetings);
      highlights.registerRoutes(api);
    },
  };
}
export type TranscriptsModule = ReturnType<typeof createTranscriptsModule>;
