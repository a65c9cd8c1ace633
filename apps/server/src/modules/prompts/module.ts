import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { createPromptsRepo } from './repo.js';
import { registerPromptRoutes } from './routes.js';
import { createPromptRunner, type PromptRunnerDeps } from './run.js';
import { createPromptsService } from './service.js';
import { workbenchSources, type SourceServices } from './sources.js';

export interface PromptsNeeds extends SourceServices, Omit<PromptRunnerDeps, 'transcriptOf'> {
  db: Db;
}

/** The prompt workbench: saved prompts, runs (whole and streamed) and model comparison. */
export function createPromptsModule(needs: PromptsNeeds) {
  const sources = workbenchSources(needs);
  const runner = createPromptRunner({ ...needs, transcriptOf: sources.transcriptOf });
  const service = createPromptsService({
    repo: createPromptsRepo(needs.db),
    runner,
    processedMeetings: sources.processedMeetings,
    assertMeetingVisible: sources.assertMeetingVisible,
  });
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerPromptRoutes(api, service),
  };
}
