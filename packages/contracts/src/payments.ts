import { z } from 'zod';
import { moneySchema } from './money.js';
import { defineRoute } from './route.js';

/** Stripe's reasons are sentences ('Your card was declined.'); ours end them. */
const sentence = (reason: string) => reason.trim().replace(/\.$/, '');

/** Spec 3 §8 Billing texts of the payment calls, and the server's own answers. */
export const PAYMENT_MESSAGES = {
  createSessionForStripeFailed: 'Create Session For Stripe Failed',
  createSessionFailed: 'Create Session Failed',
  portalFailed: 'Get Customer Portal For Stripe Failed',
  /** Without STRIPE_SECRET_KEY the server takes no card payment. */
  cardNotConfigured: 'Card payment is not set up on this server; pay by bank transfer instead',
  noPendingPlan: 'This plan is not waiting for a payment',
  notYourOrganization: 'You can only pay for your own organization',
  noCardCustomer: 'Your organization has not paid by card yet, so there is no card to manage',
  notTalentPool: 'Only talent-pool accounts buy credits this way',
  noSlabForCredits: (credits: number) => `No credit slab of ${credits} credits is on sale`,
  badSignature: 'The Stripe signature of this event is not valid',
  /** Shown on /pricing when coming back from Checkout. */
  paid: 'Payment received: your plan is active',
  paidPending: 'Payment received: your plan becomes active in a moment',
  /** The talent pool buys credits, not a plan. */
  creditsPaid: 'Payment received: your credits are added',
  creditsPaidPending: 'Payment received: your credits are added in a moment',
  cancelled: 'Payment cancelled: your plan is unchanged',
  expired: 'The checkout session expired before it was paid; your plan is unchanged',
  failed: (reason: string) => `The payment failed: ${sentence(reason)}. Your plan is unchanged`,
  autoPayFailed: (reason: string) => `Auto-pay could not charge your card: ${sentence(reason)}`,
} as const;

/**
 * checkout: a plan paid on Stripe's hosted page; auto_pay: the saved card charged off-session
 * for credits; subscription: an invoice of a card subscription made in Stripe.
 */
export const PAYMENT_KINDS = ['checkout', 'auto_pay', 'subscription'] as const;
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'expired'] as const;

/** A card payment as /pricing shows it: what it was for and how it ended. */
export const paymentSchema = z.object({
  id: z.string(),
  planId: z.string().nullable(),
  kind: z.enum(PAYMENT_KINDS),
  status: z.enum(PAYMENT_STATUSES),
  amount: moneySchema,
  credits: z.number().int(),
  /** Why it failed or expired, in words fit to show; null otherwise. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

const credits = z.number().int('credits must be a whole number').min(0).max(10_000_000);
const name = z.string().trim().min(1, 'name is required').max(100);

/** Spec 3 §7: POST payment/setup {planId, name, credits, organizationId}. */
export const paymentSetupBody = z.object({
  planId: z.uuid('Not a valid id'),
  name,
  /** The credits auto-pay buys when the balance runs low (the plan's creditsToAddForAutoPay). */
  credits: credits.default(0),
  organizationId: z.uuid('Not a valid id'),
});
export type PaymentSetupBody = z.input<typeof paymentSetupBody>;

/** Spec 3 §7: POST payment/b2c/setup {name, credits}: a talent-pool account buys a credit slab. */
export const b2cPaymentSetupBody = z.object({ name, credits: credits.min(1) });
export type B2cPaymentSetupBody = z.input<typeof b2cPaymentSetupBody>;

const urlAnswer = z.object({ data: z.object({ url: z.string() }) });
const tags = ['billing'];

/** Where the webhook is: outside the contract routes, as it reads its body raw. */
export const STRIPE_WEBHOOK_PATH = '/payment/webhook';

export const paymentRoutes = {
  methods: defineRoute({
    method: 'GET',
    path: '/payment/methods',
    summary:
      'How this server takes payment (card when Stripe is configured), and whether the organisation has a saved card',
    tags,
    auth: true,
    permission: 'profile.own',
    response: z.object({ data: z.object({ card: z.boolean(), savedCard: z.boolean() }) }),
  }),
  setup: defineRoute({
    method: 'POST',
    path: '/payment/setup',
    summary: 'A Stripe Checkout Session for the organisation’s pending plan; answers its URL',
    tags,
    auth: true,
    permission: 'billing.manage',
    body: paymentSetupBody,
    status: 201,
    response: urlAnswer,
  }),
  b2cSetup: defineRoute({
    method: 'POST',
    path: '/payment/b2c/setup',
    summary: 'A Stripe Checkout Session for a talent-pool account’s credit slab; answers its URL',
    tags,
    auth: true,
    // A talent-pool account is its organisation's only member and holds no billing role.
    permission: 'profile.own',
    body: b2cPaymentSetupBody,
    status: 201,
    response: urlAnswer,
  }),
  portal: defineRoute({
    method: 'GET',
    path: '/payment/portal',
    summary: 'A Stripe Customer Portal URL for the organisation’s cards and receipts',
    tags,
    auth: true,
    permission: 'billing.manage',
    status: 201,
    response: urlAnswer,
  }),
  latest: defineRoute({
    method: 'GET',
    path: '/payment/latest',
    summary: 'The organisation’s most recent card payment and how it ended (null before any)',
    tags,
    auth: true,
    permission: 'profile.own',
    response: z.object({ data: paymentSchema.nullable() }),
  }),
} as const;
