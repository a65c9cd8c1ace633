import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { MeetingsService } from '../meetings/index.js';
import type { Redact } from '../privacy/index.js';
import { createTranscriptsRepo } from './repo.js';
import { registerTranscriptRoutes } from './routes.js';
import { createTranscriptsService } from './service.js';

export interface TranscriptsNeeds {
  db: Db;
  meetings: MeetingsService;
  /** Masks PII in corrected words as the organisation asks. */
  redact: Redact;
  now: () => Date;
}

/**
 * Transcripts, their analytics and speaker names; `service` is what the public link view,
 * the assistant and the prompt workbench read.
 */
export function createTranscriptsModule(deps: TranscriptsNeeds) {
  const repo = createTranscriptsRepo(deps.db);
  const service = createTranscriptsService({
    repo,
    meetings: deps.meetings,
    redact: deps.redact,
    now: deps.now,
  });
  return {
    service,
    registerRoutes(api: FastifyInstance): void {
      registerTranscriptRoutes(api, service, deps.meetings);
    },
  };
}
export type TranscriptsModule = ReturnType<typeof createTranscriptsModule>;
