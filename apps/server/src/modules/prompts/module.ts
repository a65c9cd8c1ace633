import type { FastifyInstance } from 'fastify';
import type { TranscriptLine } from '@parley/ai';
import type { Db } from '../../platform/db/client.js';
import type { AiProviderResolver } from '../ai-providers/resolver.js';
import { createPromptsRepo } from './repo.js';
import { registerPromptRoutes } from './routes.js';
import { createPromptRunner } from './run.js';
import { createPromptsService } from './service.js';
import type { Caller } from '../../platform/http/caller.js';

/** The prompt workbench: saved prompts, runs (whole and streamed) and model comparison. */
export function createPromptsModule(deps: {
  db: Db;
  ai: AiProviderResolver;
  transcriptOf(caller: Caller, meetingId: string): Promise<TranscriptLine[]>;
  processedMeetings(caller: Caller, n: number): Promise<{ id: string; meetingName: string }[]>;
  assertMeetingVisible(caller: Caller, meetingId: string): Promise<void>;
  countUse(model: string): Promise<void>;
  contextTokensOf(model: string): Promise<number>;
}) {
  const runner = createPromptRunner(deps);
  const service = createPromptsService({
    repo: createPromptsRepo(deps.db),
    runner,
    processedMeetings: deps.processedMeetings,
    assertMeetingVisible: deps.assertMeetingVisible,
  });
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerPromptRoutes(api, service),
  };
}
