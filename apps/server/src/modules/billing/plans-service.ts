import {
  B2C_PLAN_TYPE,
  MESSAGES,
  PAID_PLAN_TYPE,
  PLAN_MESSAGES,
  money,
  type BundleSelection,
  type PlanDetail,
  type PlanStatus,
  type Subscription,
  type bundleSelectionBody,
  type paidPlanBody,
  type updatePlanBody,
} from '@parley/contracts';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import type { CatalogueService } from '../catalogue/index.js';
import type { AccessCache } from '../../platform/access-cache.js';
import type { Db } from '../../platform/db/client.js';
import type { BillingRepo } from './repo.js';
import {
  createPlansRepo,
  type PlanRow,
  type PlansRepo,
  type SubscriptionSortField,
} from './plans-repo.js';

type Priced = Omit<BundleSelection, 'bundleIds'> & {
  currency: string;
  totalMinor: number;
  discountMinor: number;
};

const statusOf = (s: string): PlanStatus =>
  s === 'pending' || s === 'replaced' || s === 'cancelled' ? s : 'active';

/**
 * Paid plans (spec 3 §7 Plan and billing): the organisation picks bundles and a credit slab
 * (bundle/user), the server prices them, and POST plan makes a plan of them that waits for its
 * payment. `activate` is what a payment calls; a plan with nothing to pay is activated at once.
 */
export function createPlansService(deps: {
  plans: PlansRepo;
  billing: BillingRepo;
  catalogue: CatalogueService;
  /** Told of every plan activated (the feature gate's cache, platform/access-cache.ts). */
  access: AccessCache;
  now?: () => Date;
}) {
  const { plans, billing, catalogue } = deps;
  const now = deps.now ?? (() => new Date());

  /** Prices bundles and a slab: bundles cost their distinct features, the slab its discount. */
  async function price(bundleIds: string[], creditSlabId: string | null): Promise<Priced> {
    const [chosen, slab] = await Promise.all([
      catalogue.bundle.activeByIds(bundleIds),
      creditSlabId ? catalogue.creditSlab.activeById(creditSlabId) : null,
    ]);
    // A feature in two chosen bundles is paid for once.
    const featurePrices = new Map(chosen.flatMap((b) => b.features.map((f) => [f.id, f.price])));
    const amounts = [...featurePrices.values(), ...(slab ? [slab.price] : [])];
    const currencies = new Set(amounts.map((a) => a.currency));
    if (currencies.size > 1) throw conflict(PLAN_MESSAGES.mixedCurrencies);
    const currency = [...currencies][0] ?? catalogue.currency;
    const totalMinor = amounts.reduce((sum, a) => sum + a.minor, 0);
    const discountMinor = slab ? slab.price.minor - slab.discountedPrice.minor : 0;
    return {
      bundles: chosen,
      creditSlab: slab,
      currency,
      totalMinor,
      discountMinor,
      totalPrice: money(totalMinor, currency),
      discount: money(discountMinor, currency),
      discountedPrice: money(totalMinor - discountMinor, currency),
    };
  }

  async function detailOf(row: PlanRow): Promise<PlanDetail> {
    const currentBundles = await billing.bundlesOfPlan(row.id);
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      status: statusOf(row.status),
      endDate: row.endDate?.toISOString() ?? null,
      remainingCredits: row.remainingCredits,
      freeMeetingCredits: row.freeMeetingCredits,
      currentBundles,
      bundleIds: currentBundles.map((b) => b.id),
      totalPrice: money(row.totalMinor, row.currency),
      discount: money(row.discountMinor, row.currency),
      discountedPrice: money(row.totalMinor - row.discountMinor, row.currency),
      creditSlabId: row.creditSlabId,
      lastPaymentCredits: row.lastPaymentCredits,
      autoPayCredits: row.autoPayCreditsToAdd,
      createdAt: row.createdAt.toISOString(),
      activatedAt: row.activatedAt?.toISOString() ?? null,
    };
  }

  async function selection(organizationId: string): Promise<BundleSelection> {
    const saved = await plans.selectionOf(organizationId);
    const priced = await price(saved?.bundleIds ?? [], saved?.creditSlabId ?? null);
    const { currency: _c, totalMinor: _t, discountMinor: _d, ...shown } = priced;
    return { ...shown, bundleIds: priced.bundles.map((b) => b.id) };
  }

  /**
   * A plan that only buys credits (a talent-pool account's credit slab), pending its payment;
   * paid, it replaces the current plan and carries its credits over.
   */
  function createCreditPurchase(
    organizationId: string,
    body: {
      name: string;
      type: string;
      slab: NonNullable<Priced['creditSlab']>;
      /** The seeker buying, in the talent pool: their purchase waits beside other seekers'. */
      requestedBy: string;
    },
  ) {
    const { slab } = body;
    return plans.createPending(
      organizationId,
      {
        name: body.name,
        type: body.type,
        totalMinor: slab.price.minor,
        discountMinor: slab.price.minor - slab.discountedPrice.minor,
        currency: slab.price.currency,
        creditSlabId: slab.id,
        lastPaymentCredits: slab.credits,
        autoPayCreditsToAdd: 0,
        requestedBy: body.requestedBy,
      },
      [],
    );
  }

  async function activate(planId: string): Promise<PlanRow | null> {
    const row = await plans.activate(planId, now());
    deps.access.changed();
    return row;
  }

  return {
    price,
    selection,
    activate,
    /**
     * `activate` inside the caller's transaction (a payment recorded with it, or a webhook
     * event's id): the plan and its credits change only if that transaction commits.
     */
    activateWithin: async (tx: Db, planId: string) => {
      const row = await createPlansRepo(tx).activate(planId, now());
      // Before the commit: a read until then may keep the old plan for ACCESS_CACHE_MS.
      deps.access.changed();
      return row;
    },
    /** One of the organisation's plans by id, else null (another organisation's included). */
    ofOrganization: (organizationId: string, planId: string) =>
      plans.planOf(organizationId, planId),
    /** Sets a plan's name and the credits auto-pay buys. */
    setAutoPay: (planId: string, credits: number, name?: string) =>
      plans.setAutoPay(planId, credits, name),

    createCreditPurchase,

    /** The plan waiting for its payment (a seeker's own in the talent pool), or null. */
    pendingOf: (organizationId: string, userId?: string) =>
      plans.pendingPlanOf(organizationId, userId),

    /**
     * A talent-pool plan (spec 3 §7 payment/b2c): the credit slab on sale with `credits`, at
     * its discounted price, pending its payment. Talent-pool organisations have every feature,
     * so it holds no bundles.
     */
    async createCreditsPlan(
      organizationId: string,
      body: { name: string; credits: number },
      requestedBy: string,
    ) {
      const slab = (await catalogue.creditSlab.active()).data.find(
        (s) => s.credits === body.credits,
      );
      if (!slab) throw badRequest(PLAN_MESSAGES.noSuchSlab);
      return detailOf(
        await createCreditPurchase(organizationId, {
          ...body,
          type: B2C_PLAN_TYPE,
          slab,
          requestedBy,
        }),
      );
    },

    /**
     * The active plan and the one waiting for payment; for a talent-pool seeker (`userId`)
     * their own (see pendingOf and the billing repo's payingPlanId).
     */
    async current(organizationId: string, userId?: string) {
      const [active, pending] = await Promise.all([
        billing.activePlanOf(organizationId, userId),
        plans.pendingPlanOf(organizationId, userId),
      ]);
      return {
        active: active ? await detailOf(active) : null,
        pending: pending ? await detailOf(pending) : null,
      };
    },

    async select(organizationId: string, body: z.output<typeof bundleSelectionBody>) {
      const bundleIds = [...new Set(body.bundleIds)];
      const priced = await price(bundleIds, body.creditSlabId);
      if (priced.bundles.length !== bundleIds.length)
        throw badRequest(PLAN_MESSAGES.bundleNotOnSale);
      if (body.creditSlabId && !priced.creditSlab) {
        throw badRequest(PLAN_MESSAGES.creditSlabNotOnSale);
      }
      await plans.saveSelection(organizationId, bundleIds, body.creditSlabId);
      return selection(organizationId);
    },

    /**
     * A paid plan from the selection. It waits for its payment (card and manual payment
     * come later); when there is nothing to pay it is the organisation's plan at once.
     */
    async createPaid(organizationId: string, body: z.output<typeof paidPlanBody>) {
      if (await billing.isPlatform(organizationId)) throw conflict(PLAN_MESSAGES.platformHasNoPlan);
      const saved = await plans.selectionOf(organizationId);
      const wanted = saved?.bundleIds ?? [];
      if (wanted.length === 0) throw badRequest(PLAN_MESSAGES.noBundles);
      const priced = await price(wanted, saved?.creditSlabId ?? null);
      if (priced.bundles.length !== wanted.length) throw badRequest(PLAN_MESSAGES.bundleNotOnSale);
      if (saved?.creditSlabId && !priced.creditSlab) {
        throw badRequest(PLAN_MESSAGES.creditSlabNotOnSale);
      }
      const row = await plans.createPending(
        organizationId,
        {
          name: body.name,
          type: PAID_PLAN_TYPE,
          totalMinor: priced.totalMinor,
          discountMinor: priced.discountMinor,
          currency: priced.currency,
          creditSlabId: priced.creditSlab?.id ?? null,
          lastPaymentCredits: priced.creditSlab?.credits ?? 0,
          autoPayCreditsToAdd: body.creditsToAddForAutoPay,
        },
        priced.bundles.map((b) => b.id),
      );
      const settled =
        priced.totalMinor - priced.discountMinor === 0 ? await activate(row.id) : null;
      return detailOf(settled ?? row);
    },

    /** Auto-pay credits (and the name) of the active plan, else of the pending one. */
    async updateAutoPay(
      organizationId: string,
      body: z.output<typeof updatePlanBody>,
      userId?: string,
    ) {
      const target =
        (await billing.activePlanOf(organizationId, userId)) ??
        (await plans.pendingPlanOf(organizationId, userId));
      if (!target) throw notFound(MESSAGES.noActivePlan);
      const row = await plans.setAutoPay(target.id, body.credits, body.name);
      if (!row) throw notFound(MESSAGES.noActivePlan);
      return detailOf(row);
    },

    async own(organizationId: string, page: { page: number; size: number }) {
      const { rows, count } = await plans.plansOf(organizationId, page);
      return { data: await Promise.all(rows.map(detailOf)), count };
    },

    async subscriptions(query: { page: number; size: number; sort: string; search?: string }) {
      const [field, direction] = query.sort.split(':') as [SubscriptionSortField, 'asc' | 'desc'];
      const { rows, count } = await plans.subscriptionPage({
        ...query,
        sort: { field, direction },
      });
      const names = await plans.bundleNamesOf(rows.map((r) => r.plan.id));
      const data: Subscription[] = rows.map(({ plan, organizationName }) => ({
        id: plan.id,
        organizationId: plan.organizationId,
        organizationName,
        name: plan.name,
        type: plan.type,
        status: statusOf(plan.status),
        bundles: names.get(plan.id) ?? [],
        discountedPrice: money(plan.totalMinor - plan.discountMinor, plan.currency),
        remainingCredits: plan.remainingCredits,
        createdAt: plan.createdAt.toISOString(),
        activatedAt: plan.activatedAt?.toISOString() ?? null,
      }));
      return { data, count };
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
