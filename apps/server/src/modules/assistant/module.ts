import type { FastifyInstance } from 'fastify';
import type { AiProviderResolver } from '../ai-providers/resolver.js';
import type { MeetingListsService } from '../meetings/lists.js';
import type { TranscriptsService } from '../transcripts/service.js';
import { registerAssistantRoutes } from './routes.js';
import { createAssistantService, type AssistantSettings } from './service.js';

/** The Zai assistant: its picker list and its streamed answers. */
export function createAssistantModule(deps: {
  lists: MeetingListsService;
  transcripts: TranscriptsService;
  ai: AiProviderResolver;
  settings: AssistantSettings;
}) {
  const service = createAssistantService(deps);
  return {
    service,
    registerRoutes(api: FastifyInstance): void {
      registerAssistantRoutes(api, service);
    },
  };
}
