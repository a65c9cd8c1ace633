import type { FastifyInstance } from 'fastify';
import { planRoutes } from '@parley/contracts';
import { registerRoute } from '../../platform/http/route.js';
import type { BillingService } from './service.js';
import type { PlansService } from './plans-service.js';

/** Spec 3 §7 Plan and billing: the plan, the selection it is made of, and every org's plans. */
export function registerPlanRoutes(
  app: FastifyInstance,
  credits: BillingService,
  plans: PlansService,
): void {
  registerRoute(app, planRoutes.get, async ({ auth }) => ({
    data: await plans.current(auth.organizationId, auth.userId),
  }));
  registerRoute(app, planRoutes.create, async ({ auth, body }) => {
    if (body && typeof body.name === 'string') {
      return {
        data: await plans.createPaid(auth.organizationId, {
          name: body.name,
          creditsToAddForAutoPay: body.creditsToAddForAutoPay ?? 0,
        }),
      };
    }
    await credits.createFreePlan(auth.organizationId);
    const { active } = await plans.current(auth.organizationId);
    if (!active) throw new Error('the free plan just created is not active');
    return { data: active };
  });
  registerRoute(app, planRoutes.update, async ({ auth, body }) => ({
    data: await plans.updateAutoPay(auth.organizationId, body),
  }));
  registerRoute(app, planRoutes.subscriptions, ({ auth, query }) =>
    plans.own(auth.organizationId, query),
  );
  // Talent pool (spec 3 §6, §7; the contracts admit no one else): one organisation with every
  // feature, each seeker with a plan and credits of their own.
  registerRoute(app, planRoutes.createB2C, async ({ auth }) => {
    await credits.ensureSeekerPlan(auth.organizationId, auth.userId);
    const started = (await plans.current(auth.organizationId, auth.userId)).active;
    if (!started) throw new Error('the free plan just created is not active');
    return { data: started };
  });
  registerRoute(app, planRoutes.updateB2C, async ({ auth, body }) => ({
    data: await plans.updateAutoPay(auth.organizationId, body, auth.userId),
  }));
  registerRoute(app, planRoutes.selection, async ({ auth }) => ({
    data: await plans.selection(auth.organizationId),
  }));
  registerRoute(app, planRoutes.select, async ({ auth, body }) => ({
    data: await plans.select(auth.organizationId, body),
  }));
  registerRoute(app, planRoutes.allSubscriptions, ({ query }) => plans.subscriptions(query));
}
