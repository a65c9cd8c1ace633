import type { FastifyInstance } from 'fastify';
import type { AiProviderResolver } from '../ai-providers/resolver.js';
import type { MeetingListsService } from '../meetings/lists.js';
import type { TranscriptsService } from '../transcripts/service.js';
import { registerZaiRoutes } from './routes.js';
import { createZaiService, type ZaiAnswerSettings } from './service.js';

/** The Zai assistant: its picker list and its streamed answers. */
export function createZaiModule(deps: {
  lists: MeetingListsService;
  transcripts: TranscriptsService;
  ai: AiProviderResolver;
  settings: ZaiAnswerSettings;
}) {
  const service = createZaiService(deps);
  return {
    service,
    registerRoutes(api: FastifyInstance): void {
      registerZaiRoutes(api, service);
    },
  };
}
