import type { FastifyInstance } from 'fastify';
import type { AiProviderResolver } from '../ai-providers/index.js';
import type { MeetingListsService } from '../meetings/index.js';
import type { SearchService } from '../search/index.js';
import type { TranscriptsService } from '../transcripts/index.js';
import { registerZaiRoutes } from './routes.js';
import { createZaiService, type ZaiAnswerSettings } from './service.js';

export interface ZaiNeeds {
  lists: MeetingListsService;
  transcripts: TranscriptsService;
  /** Questions over "all meetings matching this search". */
  search: Pick<SearchService, 'matchingMeetings'>;
  ai: AiProviderResolver;
  settings: ZaiAnswerSettings;
}

/** The Zai assistant: its picker list and its streamed answers. */
export function createZaiModule(deps: ZaiNeeds) {
  const service = createZaiService(deps);
  return {
    service,
    registerRoutes(api: FastifyInstance): void {
      registerZaiRoutes(api, service);
    },
  };
}
