import type { FastifyInstance } from 'fastify';
import { billingRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { BillingService } from './service.js';
import type { MeetingListsService } from '../meetings/index.js';

/**
 * Analysis credits and usage (spec 2 §7 Analysis):
 * the plan's balance, meetings' minutes.
 */
export function registerBillingRoutes(
  app: FastifyInstance,
  plans: BillingService,
  lists: MeetingListsService,
): void {
  registerRoute(app, billingRoutes.freeMeetingCredits, async () => ({
    data: { credits: await plans.freeMeetingCredits() },
  }));
  registerRoute(app, billingRoutes.cutCreditsForOffline, async ({ auth, body }) => ({
    data: await plans.cutCredits(auth.organizationId, body.duration, auth.userId),
  }));
  registerRoute(app, billingRoutes.meetings, async ({ auth, body }) => ({
    data: { bundleUsage: await lists.usageByMeeting(auth, body ?? {}) },
  }));
  registerRoute(app, billingRoutes.usageByDay, async ({ auth, body }) => ({
    data: { bundleUsage: await lists.usageByDay(auth, body ?? {}) },
  }));
}
