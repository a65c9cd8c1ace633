import type { FastifyInstance } from 'fastify';
import { trackerRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { TrackersService } from './service.js';

export function registerTrackerRoutes(app: FastifyInstance, trackers: TrackersService): void {
  registerRoute(app, trackerRoutes.list, ({ auth }) => trackers.list(auth));
  registerRoute(app, trackerRoutes.create, ({ auth, body }) => trackers.create(auth, body));
  registerRoute(app, trackerRoutes.update, ({ auth, params, body }) =>
    trackers.update(auth, params.id, body),
  );
  registerRoute(app, trackerRoutes.remove, ({ auth, params }) => trackers.remove(auth, params.id));
  registerRoute(app, trackerRoutes.meetingHits, ({ auth, params }) =>
    trackers.meetingHits(auth, params.meetingId),
  );
  registerRoute(app, trackerRoutes.weeklyCounts, ({ auth, query }) =>
    trackers.weeklyCounts(auth, query),
  );
  registerRoute(app, trackerRoutes.meetingCounts, ({ auth, query }) =>
    trackers.meetingCounts(auth, query),
  );
}
