import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { MeetingsService } from '../meetings/index.js';
import { registerPhysiologyWorker } from './jobs.js';
import { createVideoSignalsRepo } from './repo.js';
import { registerVideoSignalsRoutes } from './routes.js';
import { createVideoSignalsService } from './service.js';
import { createVideoStep, type VideoStepDeps } from './video-step.js';

/** What the module needs: the video step's own needs (it builds the repo), and for its routes. */
export interface VideoSignalsNeeds extends Omit<VideoStepDeps, 'repo' | 'log'> {
  db: Db;
  meetings: MeetingsService;
  queue: JobQueue;
  log: NonNullable<VideoStepDeps['log']>;
}

/**
 * The video area: the 'video' step's work (given to the analysis workers), the
 * physiology-only job of start-physiology, and the inference routes.
 */
export function createVideoSignalsModule(deps: VideoSignalsNeeds) {
  const repo = createVideoSignalsRepo(deps.db);
  const step = createVideoStep({ ...deps, repo });
  const service = createVideoSignalsService({
    repo,
    meetings: deps.meetings,
    queue: deps.queue,
    emotionInference: deps.emotionInference,
  });
  return {
    step,
    service,
    /** Runs start-physiology's jobs (jobs.ts). */
    registerWorker: () => registerPhysiologyWorker({ ...deps, repo, step }),
    registerRoutes(api: FastifyInstance): void {
      registerVideoSignalsRoutes(api, service);
    },
  };
}
