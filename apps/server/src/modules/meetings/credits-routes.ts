import type { FastifyInstance } from 'fastify';
import { creditRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { PlansService } from '../plans/service.js';
import type { MeetingListsService } from './lists.js';

/** Analysis credits and usage (spec 2 §7 Analysis): the plan's balance, meetings' minutes. */
export function registerCreditRoutes(
  app: FastifyInstance,
  plans: PlansService,
  lists: MeetingListsService,
): void {
  registerRoute(app, creditRoutes.cutCreditsForOffline, ({ auth, body }) =>
    plans.cutCredits(auth.organizationId, body.duration),
  );
  registerRoute(app, creditRoutes.meetings, async ({ auth, body }) => ({
    bundleUsage: await lists.usageByMeeting(auth, body ?? {}),
  }));
  registerRoute(app, creditRoutes.usageByDay, async ({ auth, body }) => ({
    bundleUsage: await lists.usageByDay(auth, body ?? {}),
  }));
}
