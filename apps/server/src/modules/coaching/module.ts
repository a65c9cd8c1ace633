import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { AiProviderResolver } from '../ai-providers/index.js';
import type { MeetingsService } from '../meetings/index.js';
import type { TranscriptData } from '../transcripts/index.js';
import { createLinkChecker } from './link-check.js';
import { createProgressRepo } from './progress-repo.js';
import { createProgressService } from './progress-service.js';
import { createQuizService } from './quiz-service.js';
import { createCoachingRepo } from './repo.js';
import { registerCoachingRoutes } from './routes.js';
import { createCoachingService } from './service.js';

export interface CoachingNeeds {
  db: Db;
  meetings: MeetingsService;
  /** The endpoint guard's fetch: the sharing check never reaches an internal address. */
  endpoints: { fetch: typeof fetch };
  /** Where docs.google.com and drive.google.com are reached (GOOGLE_DOCS_ORIGIN, …). */
  googleOrigins: Record<string, string>;
  organizationExists(id: string): Promise<boolean>;
  /** The stored transcript a quiz is drafted from (null before the speech step). */
  transcriptOf: (meetingId: string) => Promise<TranscriptData | null>;
  /** How the author's organisation reaches a model; parley-local when it connected none. */
  ai: AiProviderResolver;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

/** Coaching: content by stage, quizzes on training videos, assessments and progress. */
export function createCoachingModule(deps: CoachingNeeds) {
  const repo = createCoachingRepo(deps.db);
  const progressRepo = createProgressRepo(deps.db);
  const content = createCoachingService({
    repo,
    meetings: deps.meetings,
    checkLink: createLinkChecker({ fetch: deps.endpoints.fetch, origins: deps.googleOrigins }),
    organizationExists: deps.organizationExists,
    now: deps.now,
  });
  const quizzes = createQuizService({
    repo,
    progress: progressRepo,
    meetings: deps.meetings,
    transcriptOf: deps.transcriptOf,
    ai: deps.ai,
    now: deps.now,
    log: deps.log,
  });
  const progress = createProgressService({ repo, progress: progressRepo, now: deps.now });
  return {
    service: content,
    quizzes,
    /** Watching progress and quiz scores (the home dashboard reads a learner's own). */
    progress,
    registerRoutes: (api: FastifyInstance) =>
      registerCoachingRoutes(api, { content, quizzes, progress }),
  };
}
