import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { selectEngine, type AsrEngine } from '@parley/analysis';
import type { Db } from '../../platform/db/client.js';
import type { MeetingsService } from '../meetings/index.js';
import { createTalentCatalogService } from './catalog-service.js';
import { createFeedbackRepo } from './feedback-repo.js';
import { createFeedbackService } from './feedback-service.js';
import { createTalentProgressService, type TalentProgressDeps } from './progress-service.js';
import { createTalentPoolRepo } from './repo.js';
import { createMockRunService, type MockRunDeps } from './run-service.js';
import { registerTalentPoolRoutes } from './routes.js';
import { createTalentPoolService, type TalentPoolDeps } from './service.js';

export interface TalentPoolNeeds
  extends Omit<TalentPoolDeps, 'repo'>, Omit<TalentProgressDeps, 'repo' | 'users' | 'meeting'> {
  db: Db;
  /** The meetings service: one meeting for submit, the recording for a run. */
  meetings: MockRunDeps['meetings'] & Pick<MeetingsService, 'get'>;
  ffmpegPath: string;
  dataDir: string;
  now: () => Date;
  /** Defaults to the engine the environment selects (selectEngine), as the offline pipeline. */
  engine?: AsrEngine;
  /** Starts the pool's free plan when it has none, so a new seeker's practice is analysed. */
  ensurePlan: MockRunDeps['ensurePlan'];
  /** The analysis pipeline's finished meetings: a mock interview's gets its feedback. */
  onAnalysed(listener: (meetingId: string) => Promise<void>): void;
}

/**
 * The talent pool: profiles with resumes, the companies and roles, mock interview set-up and
 * submission, and the seeker's practice figures.
 */
export function createTalentPoolModule(needs: TalentPoolNeeds) {
  const repo = createTalentPoolRepo(needs.db);
  const catalog = createTalentCatalogService(repo);
  const service = createTalentPoolService({ ...needs, repo });
  // Chosen on first use, so a server without a speech engine starts and fails only answers.
  let engine: AsrEngine | null = needs.engine ?? null;
  const mockRun = createMockRunService({
    repo,
    meetings: needs.meetings,
    resolveStore: needs.resolveStore,
    async transcribe(file) {
      engine ??= selectEngine();
      const { words } = await engine.transcribe(file);
      return words.map((w) => w.word).join(' ');
    },
    ffmpegPath: needs.ffmpegPath,
    ensurePlan: needs.ensurePlan,
    workDir: path.join(needs.dataDir, 'mock-interviews'),
    now: needs.now,
    log: needs.log,
  });
  const progress = createTalentProgressService({
    ...needs,
    repo,
    meeting: (caller, id) => needs.meetings.get(caller, id),
  });
  const feedback = createFeedbackService({
    repo,
    feedback: createFeedbackRepo(needs.db),
    ai: needs.ai,
    meetings: needs.meetings,
    now: needs.now,
    log: needs.log,
  });
  needs.onAnalysed((meetingId) => feedback.meetingAnalysed(meetingId));
  return {
    catalog,
    service,
    progress,
    mockRun,
    feedback,
    registerRoutes: (api: FastifyInstance) =>
      registerTalentPoolRoutes(api, { catalog, service, progress, mockRun, feedback }),
  };
}
export type TalentPoolModule = ReturnType<typeof createTalentPoolModule>;
