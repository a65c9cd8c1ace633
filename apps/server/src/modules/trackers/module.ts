import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { MeetingsService } from '../meetings/index.js';
import { createTrackersRepo } from './repo.js';
import { registerTrackerRoutes } from './routes.js';
import { createTrackersService, type TrackersDeps } from './service.js';

export interface TrackersNeeds {
  db: Db;
  meetings: MeetingsService;
  queue: JobQueue;
  now: () => Date;
  log: TrackersDeps['log'];
}

/**
 * Keyword trackers. Created after the analysis, transcripts and meetings modules: app.ts
 * subscribes `service.countMeetingQuietly` to their transcript writes, corrections and speaker
 * names, and runs the re-count worker where jobs run.
 */
export function createTrackersModule(needs: TrackersNeeds) {
  const service = createTrackersService({
    repo: createTrackersRepo(needs.db),
    meetings: needs.meetings,
    queue: needs.queue,
    now: needs.now,
    log: needs.log,
  });
  return {
    service,
    registerWorker: () => service.registerWorker(),
    registerRoutes: (api: FastifyInstance) => registerTrackerRoutes(api, service),
  };
}
export type TrackersModule = ReturnType<typeof createTrackersModule>;
