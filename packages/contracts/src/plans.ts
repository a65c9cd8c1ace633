import { z } from 'zod';
import { activeBundleSchema, creditSlabSchema } from './catalogue.js';
import { planSchema } from './features.js';
import { moneySchema } from './money.js';
import { defineRoute } from './route.js';

/** Spec 3 §8 texts of the plan calls, and the server's own answers. */
export const PLAN_MESSAGES = {
  createFailed: 'Create Plan Failed',
  createFreeFailed: 'Create Free Plan Failed',
  updateCreditsFailed: 'Update Credits Failed',
  freeCreditsFailed: 'Get Free Meeting Credits Parameter Failed',
  alreadyHasPlan: 'Your organization already has a plan',
  freePlanName: 'Free',
  noBundles: 'Choose at least one bundle',
  bundleNotOnSale: 'A chosen bundle is no longer on sale',
  creditSlabNotOnSale: 'The chosen credit slab is no longer on sale',
  mixedCurrencies: 'The chosen items are priced in different currencies',
  platformHasNoPlan: 'The platform organization is never charged and has no plan',
  noActivePlan: 'No Active Plan',
  /** A paid plan waits for its payment (by card, or an invoice paid by bank transfer). */
  awaitingPayment: 'Your plan is waiting for its payment',
  createFreeB2CFailed: 'Create Free B2C Plan Failed',
  noSuchSlab: 'No credit slab on sale has that many credits',
} as const;

/** The plan type of the free plan every new organisation starts on. */
export const FREE_PLAN_TYPE = 'free';
/** The plan type of a talent-pool plan bought as a credit slab (every feature comes free). */
export const B2C_PLAN_TYPE = 'b2c';
/** The plan type of a plan bought from bundles and a credit slab. */
export const PAID_PLAN_TYPE = 'subscription';

/**
 * active: the plan the organisation is on (features and credits come from it); pending: chosen,
 * waiting for its payment; replaced: a former active plan; cancelled: a pending plan given up.
 */
export const PLAN_STATUSES = ['active', 'pending', 'replaced', 'cancelled'] as const;
export const planStatusSchema = z.enum(PLAN_STATUSES);
export type PlanStatus = z.infer<typeof planStatusSchema>;

/** The Plan entity of spec 3 §3: the session's plan and its prices, slab and auto-pay. */
export const planDetailSchema = planSchema.extend({
  status: planStatusSchema,
  /** Bundles plus the credit slab at its list price. */
  totalPrice: moneySchema,
  /** The slab's discount. */
  discount: moneySchema,
  /** What the plan costs: totalPrice less discount. */
  discountedPrice: moneySchema,
  /** The credit slab chosen with it (null without one, or once the slab is deleted). */
  creditSlabId: z.string().nullable(),
  /** Credits its payment adds (the slab's when it was chosen). */
  lastPaymentCredits: z.number().int(),
  /** Credits bought automatically when the balance runs low; 0 is off. */
  autoPayCredits: z.number().int(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
});
export type PlanDetail = z.infer<typeof planDetailSchema>;

/** What the organisation has picked on /pricing, priced by the server (bundle/user). */
export const bundleSelectionSchema = z.object({
  bundleIds: z.array(z.string()),
  bundles: z.array(activeBundleSchema),
  creditSlab: creditSlabSchema.nullable(),
  totalPrice: moneySchema,
  discount: moneySchema,
  discountedPrice: moneySchema,
});
export type BundleSelection = z.infer<typeof bundleSelectionSchema>;

export const bundleSelectionBody = z.object({
  bundleIds: z.array(z.uuid('Not a valid id')).max(100),
  creditSlabId: z.uuid('Not a valid id').nullable().default(null),
});
export type BundleSelectionBody = z.input<typeof bundleSelectionBody>;

const credits = z.number().int('credits must be a whole number').min(0).max(10_000_000);
/** A paid plan from the organisation's selection (bundle/user). */
export const paidPlanBody = z.object({
  name: z.string().trim().min(1, 'name is required').max(100),
  creditsToAddForAutoPay: credits.default(0),
});
/** POST plan: an empty body (or none) asks for the free plan; a name asks for a paid plan. */
export const createPlanBody = z.union([z.object({}).strict(), paidPlanBody]).nullish();
export type CreatePlanBody = z.input<typeof createPlanBody>;
export const updatePlanBody = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  credits,
});
export type UpdatePlanBody = z.input<typeof updatePlanBody>;

/** One organisation's plan, as Enterprise Management lists them (subscription/query). */
export const subscriptionSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  name: z.string(),
  type: z.string(),
  status: planStatusSchema,
  bundles: z.array(z.string()),
  discountedPrice: moneySchema,
  remainingCredits: z.number().int(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

const paging = {
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
};
export const SUBSCRIPTION_SORT_FIELDS = ['createdAt', 'name', 'status'] as const;
export const subscriptionQuery = z.object({
  ...paging,
  sort: z
    .string()
    .regex(
      /^(createdAt|name|status):(asc|desc)$/,
      'sort is createdAt, name or status, then :asc or :desc',
    )
    .default('createdAt:desc'),
  /** Organisation or plan name. */
  search: z.string().trim().max(200).optional(),
});
export type SubscriptionQuery = z.input<typeof subscriptionQuery>;
export const ownPlansQuery = z.object(paging);

const tags = ['billing'];
const planAnswer = z.object({ data: planDetailSchema });

export const planRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/plan',
    summary: 'The organisation’s active plan and the plan waiting for its payment, if any',
    tags,
    auth: true,
    permission: 'profile.own',
    response: z.object({
      data: z.object({ active: planDetailSchema.nullable(), pending: planDetailSchema.nullable() }),
    }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/plan',
    summary:
      'Without a body: the free plan (409 when the organisation has a plan). With a name: a paid plan from the selected bundles and credit slab, pending until paid',
    tags,
    auth: true,
    permission: 'billing.manage',
    body: createPlanBody,
    status: 201,
    response: planAnswer,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/plan',
    summary: 'Set the credits auto-pay buys when the balance runs low (0 turns it off)',
    tags,
    auth: true,
    permission: 'billing.manage',
    body: updatePlanBody,
    response: planAnswer,
  }),
  subscriptions: defineRoute({
    method: 'GET',
    path: '/plan/subscription',
    summary: 'The organisation’s plans, newest first',
    tags,
    auth: true,
    permission: 'billing.manage',
    query: ownPlansQuery,
    response: z.object({ data: z.array(planDetailSchema), count: z.number().int() }),
  }),
  selection: defineRoute({
    method: 'GET',
    path: '/bundle/user',
    summary: 'The bundles and credit slab the organisation has picked, priced',
    tags,
    auth: true,
    permission: 'billing.manage',
    response: z.object({ data: bundleSelectionSchema }),
  }),
  select: defineRoute({
    method: 'PATCH',
    path: '/bundle/user',
    summary: 'Pick bundles and optionally a credit slab; answers with the price',
    tags,
    auth: true,
    permission: 'billing.manage',
    body: bundleSelectionBody,
    response: z.object({ data: bundleSelectionSchema }),
  }),
  createB2C: defineRoute({
    method: 'POST',
    path: '/plan/b2c',
    summary:
      "Talent pool: the seeker's own free plan (201). Each seeker has a plan and credits of their own in the pool's one organisation; once they have one this answers it",
    tags,
    auth: true,
    permission: 'profile.own',
    talentPool: true,
    body: z.object({}).strict().nullish(),
    status: 201,
    response: planAnswer,
  }),
  updateB2C: defineRoute({
    method: 'PATCH',
    path: '/plan/b2c',
    summary: 'Talent pool: set the credits auto-pay buys when the balance runs low',
    tags,
    auth: true,
    permission: 'profile.own',
    talentPool: true,
    body: updatePlanBody,
    response: planAnswer,
  }),
  allSubscriptions: defineRoute({
    method: 'GET',
    path: '/subscription/query',
    summary: 'Every organisation’s plans, searched and sorted (super admin)',
    tags,
    auth: true,
    permission: 'platform.manage',
    query: subscriptionQuery,
    response: z.object({ data: z.array(subscriptionSchema), count: z.number().int() }),
  }),
} as const;
