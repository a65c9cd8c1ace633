import type { FastifyBaseLogger } from 'fastify';
import {
  PAYMENT_KINDS,
  PAYMENT_MESSAGES,
  PAYMENT_STATUSES,
  money,
  type Payment,
  type b2cPaymentSetupBody,
  type paymentSetupBody,
} from '@parley/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { AppError, badRequest, forbidden, notFound, conflict } from '../../platform/errors.js';
import type { Caller } from '../../platform/http/caller.js';
import type { BillingService, PlansService } from '../billing/index.js';
import type { CatalogueService } from '../catalogue/index.js';
import { createPaymentsRepo, type PaymentRow } from './repo.js';
import type { StripeGateway } from './stripe-gateway.js';
import { createAutoPay } from './auto-pay.js';
import { createWebhookHandler } from './webhooks.js';

/** What a succeeded payment was for: the one shape every payment-succeeded effect reads. */
export interface PlanPaid {
  organizationId: string;
  planId: string;
  method: 'card';
  /** checkout: the plan's first payment (activates it); the others add credits to it. */
  kind: 'checkout' | 'auto_pay' | 'subscription';
  credits: number;
  amountMinor: number;
  currency: string;
  /** The Checkout Session's, PaymentIntent's or invoice's id at Stripe. */
  externalId: string;
}

/**
 * Runs inside the payment's transaction: whatever it writes commits with the plan change. It
 * must read and write through `tx` only: embedded PGlite is one session, so a query on the
 * app's own handle would wait for this transaction forever.
 */
export type PlanPaidListener = (tx: Db, paid: PlanPaid) => Promise<void>;

export interface PaymentsDeps {
  db: Db;
  /** Null when Stripe is not configured: no card payment, bank transfer only. */
  gateway: StripeGateway | null;
  plans: PlansService;
  billing: BillingService;
  catalogue: CatalogueService;
  organization: (id: string) => Promise<{ name: string; isB2C: boolean } | null>;
  /** The AUTO_PAY_THRESHOLD parameter for the organisation. */
  autoPayThreshold: (organizationId: string) => Promise<number>;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  values.find((v) => v === value) ?? fallback;

const paymentOf = (row: PaymentRow): Payment => ({
  id: row.id,
  planId: row.planId,
  kind: oneOf(PAYMENT_KINDS, row.kind, 'checkout'),
  status: oneOf(PAYMENT_STATUSES, row.status, 'pending'),
  amount: money(row.amountMinor, row.currency),
  credits: row.credits,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Stripe refused or could not be reached: the spec's message, the cause in the log. */
const stripeFailed = (message: string) => new AppError(502, message);

/**
 * Card payment through Stripe (spec 3 §7 Plan and billing): Checkout for a pending plan, the
 * Customer Portal, the webhook that applies what Stripe reports (once per event), and auto-pay.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, gateway, plans, log } = deps;
  const repo = createPaymentsRepo(db);
  const paidListeners: PlanPaidListener[] = [];

  function requireGateway(): StripeGateway {
    if (!gateway) throw new AppError(503, PAYMENT_MESSAGES.cardNotConfigured);
    return gateway;
  }

  /**
   * The one place a succeeded card payment takes effect, in the payment's transaction: a plan
   * paid at Checkout becomes the organisation's plan with its slab's credits; auto-pay and
   * renewals add credits. Then each listener (invoices are issued from here).
   */
  async function onPlanPaid(tx: Db, paid: PlanPaid): Promise<void> {
    if (paid.kind === 'checkout') {
      const activated = await plans.activateWithin(tx, paid.planId);
      if (!activated) {
        // Paid for a plan given up meanwhile (a newer plan was chosen): the money is kept on
        // record, and support settles it; no plan changes behind the customer's back.
        log.warn({ ...paid }, 'a card payment arrived for a plan that is no longer pending');
      }
    } else if (paid.credits > 0) {
      await deps.billing.addCreditsWithin(tx, paid.planId, paid.credits);
    }
    for (const listener of paidListeners) await listener(tx, paid);
  }

  async function customerFor(organizationId: string): Promise<string> {
    const known = await repo.customerOf(organizationId);
    if (known) return known.customerId;
    const org = await deps.organization(organizationId);
    const id = await requireGateway().createCustomer({ organizationId, name: org?.name ?? '' });
    return (await repo.saveCustomer(organizationId, id)).customerId;
  }

  /**
   * A Checkout Session for a pending plan, recorded as a pending payment; its URL. A team pays
   * as its organisation's Stripe customer and keeps the card for auto-pay. A talent-pool seeker
   * pays as a guest, keeping no card: the pool is one organisation, and its one customer would
   * show each seeker the others' saved cards. The seeker comes back to /settings.
   */
  async function checkout(
    organizationId: string,
    planId: string,
    options: { failure: string; seeker: boolean } = {
      failure: PAYMENT_MESSAGES.createSessionForStripeFailed,
      seeker: false,
    },
  ): Promise<{ url: string }> {
    const stripe = requireGateway();
    const plan = await plans.ofOrganization(organizationId, planId);
    if (!plan) throw notFound();
    if (plan.status !== 'pending') throw conflict(PAYMENT_MESSAGES.noPendingPlan);
    const amountMinor = plan.totalMinor - plan.discountMinor;
    const back = `${deps.publicUrl}${options.seeker ? '/settings' : '/pricing'}`;
    try {
      const customerId = options.seeker ? null : await customerFor(organizationId);
      const session = await stripe.createCheckout({
        customerId,
        amountMinor,
        currency: plan.currency,
        description: `Parley plan: ${plan.name}`,
        metadata: { planId, organizationId, kind: 'checkout' },
        // Stripe fills {CHECKOUT_SESSION_ID} in; /pricing reads the outcome from it.
        successUrl: `${back}?payment=success&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${back}?payment=cancelled`,
      });
      await repo.insertPayment({
        organizationId,
        planId,
        kind: 'checkout',
        amountMinor,
        currency: plan.currency,
        credits: plan.lastPaymentCredits,
        externalId: session.id,
      });
      return { url: session.url };
    } catch (err) {
      if (err instanceof AppError) throw err;
      log.error({ err, organizationId, planId }, 'Stripe refused a Checkout Session');
      throw stripeFailed(options.failure);
    }
  }

  const autoPay = createAutoPay({ ...deps, repo, onPlanPaid });
  const webhook = createWebhookHandler({ ...deps, onPlanPaid, autoPay });

  return {
    onPlanPaid,
    /** Adds an effect of every succeeded card payment (the lead wires invoices here). */
    addPlanPaidListener(listener: PlanPaidListener): void {
      paidListeners.push(listener);
    },

    async methods(organizationId: string) {
      const customer = gateway ? await repo.customerOf(organizationId) : null;
      return { card: gateway !== null, savedCard: Boolean(customer?.paymentMethodId) };
    },

    async setup(caller: Caller, body: z.output<typeof paymentSetupBody>) {
      // The organisation is the caller's; one named in the body must be it (spec's field).
      if (body.organizationId !== caller.organizationId) {
        throw forbidden(PAYMENT_MESSAGES.notYourOrganization);
      }
      requireGateway();
      const plan = await plans.ofOrganization(caller.organizationId, body.planId);
      if (!plan) throw notFound();
      if (plan.status !== 'pending') throw conflict(PAYMENT_MESSAGES.noPendingPlan);
      await plans.setAutoPay(plan.id, body.credits, body.name);
      return checkout(caller.organizationId, plan.id);
    },

    async b2cSetup(caller: Caller, body: z.output<typeof b2cPaymentSetupBody>) {
      requireGateway();
      const org = await deps.organization(caller.organizationId);
      if (!org?.isB2C) throw forbidden(PAYMENT_MESSAGES.notTalentPool);
      const { data: slabs } = await deps.catalogue.creditSlab.active();
      const slab = slabs.find((s) => s.credits === body.credits);
      if (!slab) throw badRequest(PAYMENT_MESSAGES.noSlabForCredits(body.credits));
      const plan = await plans.createCreditPurchase(caller.organizationId, {
        name: body.name,
        type: 'b2c',
        slab,
        requestedBy: caller.userId,
      });
      return checkout(caller.organizationId, plan.id, {
        failure: PAYMENT_MESSAGES.createSessionFailed,
        seeker: true,
      });
    },

    async portal(caller: Caller) {
      const stripe = requireGateway();
      const customer = await repo.customerOf(caller.organizationId);
      if (!customer) throw notFound(PAYMENT_MESSAGES.noCardCustomer);
      try {
        const url = await stripe.createPortal({
          customerId: customer.customerId,
          returnUrl: `${deps.publicUrl}/pricing`,
        });
        return { url };
      } catch (err) {
        log.error({ err }, 'Stripe refused a Customer Portal session');
        throw stripeFailed(PAYMENT_MESSAGES.portalFailed);
      }
    },

    /** The latest payment: the organisation's, or in the talent pool the seeker's own. */
    async latest(organizationId: string, userId: string): Promise<Payment | null> {
      const row = await repo.latestOf(organizationId, userId);
      return row ? paymentOf(row) : null;
    },

    /** A webhook delivery: verified, then applied once (see webhooks.ts). */
    receive: (rawBody: Buffer, signature: string | undefined) =>
      webhook.receive(requireGateway(), rawBody, signature),

    /** After credits were taken: auto-pay buys more when the balance is below the threshold. */
    afterCreditsCut: (organizationId: string) => autoPay.check(organizationId),
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
