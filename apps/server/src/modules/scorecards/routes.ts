import type { FastifyInstance } from 'fastify';
import { scorecardRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { ScorecardsService } from './service.js';

export function registerScorecardRoutes(app: FastifyInstance, scorecards: ScorecardsService): void {
  registerRoute(app, scorecardRoutes.get, ({ auth, params }) =>
    scorecards.view(auth, params.meetingId),
  );
  registerRoute(app, scorecardRoutes.save, ({ auth, params, body }) =>
    scorecards.save(auth, params.meetingId, body),
  );
  registerRoute(app, scorecardRoutes.submit, ({ auth, params }) =>
    scorecards.submit(auth, params.meetingId),
  );
  registerRoute(app, scorecardRoutes.draft, ({ auth, params }) =>
    scorecards.redraft(auth, params.meetingId),
  );
  registerRoute(app, scorecardRoutes.compare, ({ auth, query }) =>
    scorecards.compare(auth, query.meetingIds),
  );
}
