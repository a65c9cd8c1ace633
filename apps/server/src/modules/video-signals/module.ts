import type { FastifyInstance } from 'fastify';
import type { FaceTemplate } from '@parley/analysis';
import type { FeatureHolder } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { MeetingBroadcaster } from '../../platform/realtime/index.js';
import type { StoreResolver } from '../../platform/storage/resolver.js';
import type { MeetingRow, MeetingsService } from '../meetings/index.js';
import { registerPhysiologyWorker } from './jobs.js';
import { createVideoSignalsRepo } from './repo.js';
import { registerVideoSignalsRoutes } from './routes.js';
import { createVideoSignalsService } from './service.js';
import { createVideoStep } from './video-step.js';

/**
 * The video area: the 'video' step's work (given to the analysis workers), the
 * physiology-only job of start-physiology, and the inference routes.
 */
export function createVideoSignalsModule(deps: {
  db: Db;
  meetings: MeetingsService;
  queue: JobQueue;
  resolveStore: StoreResolver;
  broadcaster: MeetingBroadcaster;
  featureHolder(meeting: MeetingRow): Promise<FeatureHolder>;
  fps: number;
  physiologyFps: number;
  candidateFace(meeting: MeetingRow): Promise<FaceTemplate | null>;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}) {
  const repo = createVideoSignalsRepo(deps.db);
  const step = createVideoStep({ ...deps, repo });
  const service = createVideoSignalsService({ repo, meetings: deps.meetings, queue: deps.queue });
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
