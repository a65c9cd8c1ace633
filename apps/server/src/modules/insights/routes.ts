import type { FastifyInstance } from 'fastify';
import { insightRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { InsightsService, KitSet } from './service.js';

/**
 * The AI kit (spec 2 §7, spec 3 §7) and the meeting page's stored insights. The Zai
 * Intelligence gate is in the contracts; tenancy is the meetings service's (404 otherwise).
 */
export function registerInsightRoutes(app: FastifyInstance, insights: InsightsService): void {
  registerRoute(app, insightRoutes.meeting, ({ auth, params }) =>
    insights.forMeeting(auth, params.meetingId),
  );
  const kits: [KitSet, (typeof insightRoutes)[KitSet]][] = [
    ['textAnalytics', insightRoutes.textAnalytics],
    ['textAnalyticsB2c', insightRoutes.textAnalyticsB2c],
    ['textScores', insightRoutes.textScores],
    ['hrAnalytics', insightRoutes.hrAnalytics],
  ];
  for (const [set, route] of kits) {
    registerRoute(app, route, ({ auth, params, body }) =>
      insights.kit(auth, params.meetingCode, set, body.transcription),
    );
  }
  registerRoute(app, insightRoutes.publish, ({ auth, params, body }) =>
    insights.publish(auth, params.meetingCode, body),
  );
  registerRoute(app, insightRoutes.publicResult, ({ params }) =>
    insights.publicResult(params.token),
  );
  registerRoute(app, insightRoutes.salesPrompts, ({ auth, params }) =>
    insights.salesResults(auth, params.meetingCode),
  );
  registerRoute(app, insightRoutes.salesPrompt, ({ auth, params, body }) =>
    insights.salesPrompt(auth, params.meetingCode, body),
  );
}
