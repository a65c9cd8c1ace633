import type { FastifyInstance } from 'fastify';
import { meetingRoutes, sharingRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { MeetingListsService } from './lists.js';
import type { MeetingsService } from './service.js';

export function registerMeetingRoutes(
  app: FastifyInstance,
  meetings: MeetingsService,
  lists: MeetingListsService,
): void {
  registerRoute(app, meetingRoutes.list, ({ auth, query }) => lists.list(auth, 'all', query));
  registerRoute(app, meetingRoutes.past, ({ auth, query }) => lists.list(auth, 'past', query));
  registerRoute(app, meetingRoutes.schedule, ({ auth, query }) =>
    lists.list(auth, 'schedule', query),
  );
  registerRoute(app, meetingRoutes.reports, ({ auth, query }) =>
    lists.list(auth, 'reports', query),
  );
  registerRoute(app, meetingRoutes.callIntelligence, ({ auth, query }) =>
    lists.list(auth, 'callIntelligence', query),
  );
  registerRoute(app, sharingRoutes.sharedWithMe, ({ auth, query }) =>
    lists.list(auth, 'shared', query),
  );

  registerRoute(app, meetingRoutes.get, ({ auth, params }) => meetings.get(auth, params.meetingId));
  registerRoute(app, meetingRoutes.remove, ({ auth, params }) =>
    meetings.remove(auth, params.meetingId),
  );
  registerRoute(app, meetingRoutes.removeAsSuperAdmin, ({ auth, params }) =>
    meetings.remove(auth, params.meetingId),
  );
  registerRoute(app, meetingRoutes.createFromStorage, ({ auth, body }) =>
    meetings.createFromStorage(auth, body),
  );
  registerRoute(app, meetingRoutes.createFromLink, ({ auth, body }) =>
    meetings.createFromLink(auth, body),
  );
}
