import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { engineKind, openPocketsphinxStream, selectEngine, type AsrEngine } from '@parley/analysis';
import type { Db } from '../../platform/db/client.js';
import type { MeetingsService } from '../meetings/index.js';
import { createTalentCatalogService } from './catalog-service.js';
import { createFeedbackRepo } from './feedback-repo.js';
import { createFeedbackService } from './feedback-service.js';
import { createTalentProgressService, type TalentProgressDeps } from './progress-service.js';
import { createAnswerStreams } from './answer-streams.js';
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
  /** Answers transcribed at once while spoken (default: one per core; 0 turns streaming off). */
  answerStreams?: number;
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
  // The built-in engine recognises an answer as it is spoken; another engine (or one a test
  // passes in) transcribes each answer when it ends.
  const streams = createAnswerStreams({
    open:
      needs.engine || engineKind() !== 'pocketsphinx'
        ? null
        : () => openPocketsphinxStream({ ffmpeg: needs.ffmpegPath }),
    maxStreams: needs.answerStreams ?? availableParallelism(),
    log: needs.log,
  });
  const mockRun = createMockRunService({
    repo,
    streams,
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
    registerRoutes: (api: FastifyInstance) => {
      api.addHook('onClose', async () => streams.dropAll());
      return registerTalentPoolRoutes(api, { catalog, service, progress, mockRun, feedback });
    },
  };
}
export type TalentPoolModule = ReturnType<typeof createTalentPoolModule>;
