import type Stripe from 'stripe';
import { PAYMENT_MESSAGES } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { badRequest } from '../../platform/errors.js';
import type { AutoPay } from './auto-pay.js';
import { createPaymentsRepo } from './repo.js';
import type { PaymentsDeps, PlanPaid } from './service.js';
import type { StripeGateway } from './stripe-gateway.js';

type Metadata = Record<string, string> | null | undefined;
type Refs = { planId: string; organizationId: string };

const idOf = (x: string | { id: string } | null | undefined) =>
  typeof x === 'string' ? x : (x?.id ?? null);

/** Where an invoice of a card subscription keeps the metadata Parley put on it. */
function invoiceMetadata(invoice: Stripe.Invoice): Metadata {
  return invoice.parent?.subscription_details?.metadata ?? invoice.metadata;
}

/**
 * The webhook (spec 3 §7, issue 17): each event is verified with STRIPE_WEBHOOK_SECRET, then
 * applied in one transaction that first stores the event's id. A redelivery, or the same
 * event delivered twice at once, finds the id taken (the second insert waits for the first
 * transaction, then does nothing) and changes nothing. Events for a plan name the plan and its
 * organisation in their metadata, which is checked against the plan before anything changes.
 */
export function createWebhookHandler(
  deps: PaymentsDeps & {
    onPlanPaid: (tx: Db, paid: PlanPaid) => Promise<void>;
    autoPay: AutoPay;
  },
) {
  const { db, plans, log } = deps;

  /** The plan and organisation the metadata names, when the plan is that organisation's. */
  async function refsOf(metadata: Metadata): Promise<(Refs & { credits: number }) | null> {
    const planId = metadata?.planId;
    const organizationId = metadata?.organizationId;
    if (!planId || !organizationId) return null;
    const plan = await plans.ofOrganization(organizationId, planId).catch(() => null);
    return plan ? { planId, organizationId, credits: plan.lastPaymentCredits } : null;
  }

  /** Applies `apply` with the event's id stored in the same transaction, or nothing if stored. */
  function once(event: Stripe.Event, apply: (tx: Db) => Promise<void>): Promise<void> {
    return db.transaction(async (tx) => {
      if (!(await createPaymentsRepo(tx).claimEvent(event.id, event.type))) return;
      await apply(tx);
    });
  }

  async function checkoutCompleted(event: Stripe.Event, session: Stripe.Checkout.Session) {
    const refs = await refsOf(session.metadata);
    if (!refs || session.payment_status !== 'paid') return;
    const intentId = idOf(session.payment_intent);
    const customerId = idOf(session.customer);
    // Asked before the transaction: no network wait while rows are locked.
    const method = intentId ? await deps.gateway?.paymentMethodOf(intentId) : null;
    await once(event, async (tx) => {
      const repo = createPaymentsRepo(tx);
      const amountMinor = session.amount_total ?? 0;
      const currency = (session.currency ?? 'usd').toUpperCase();
      const payment = await repo.ensurePayment({
        ...refs,
        kind: 'checkout',
        amountMinor,
        currency,
        externalId: session.id,
      });
      if (method && customerId) await repo.savePaymentMethod(customerId, method);
      if (!(await repo.settle(payment.id, 'succeeded', null, ['pending', 'failed']))) return;
      await deps.onPlanPaid(tx, {
        ...refs,
        method: 'card',
        kind: 'checkout',
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        externalId: session.id,
      });
    });
  }

  /** Plan unchanged; the payment says why, which /pricing shows. */
  async function paymentEnded(
    event: Stripe.Event,
    refs: Refs | null,
    externalId: string,
    status: 'failed' | 'expired',
    reason: string,
  ) {
    if (!refs) return;
    await once(event, async (tx) => {
      const repo = createPaymentsRepo(tx);
      const known =
        (await repo.paymentByExternalId(externalId)) ??
        (await repo.pendingPaymentOfPlan(refs.planId));
      if (known) await repo.settle(known.id, status, reason);
    });
  }

  async function invoicePaid(event: Stripe.Event, invoice: Stripe.Invoice) {
    const refs = await refsOf(invoiceMetadata(invoice));
    if (!refs || !invoice.id) return;
    const externalId = invoice.id;
    // Read before the transaction: embedded PGlite is one session, which the transaction holds.
    const plan = await plans.ofOrganization(refs.organizationId, refs.planId);
    await once(event, async (tx) => {
      const repo = createPaymentsRepo(tx);
      const payment = await repo.ensurePayment({
        organizationId: refs.organizationId,
        planId: refs.planId,
        kind: 'subscription',
        amountMinor: invoice.amount_paid,
        currency: invoice.currency.toUpperCase(),
        credits: refs.credits,
        externalId,
      });
      if (!plan || !(await repo.settle(payment.id, 'succeeded', null, ['pending', 'failed']))) {
        return;
      }
      // The first invoice activates a pending plan; a renewal's adds the plan's credits again.
      await deps.onPlanPaid(tx, {
        organizationId: refs.organizationId,
        planId: refs.planId,
        method: 'card',
        kind: plan.status === 'pending' ? 'checkout' : 'subscription',
        credits: refs.credits,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        externalId,
      });
    });
  }

  async function invoiceFailed(event: Stripe.Event, invoice: Stripe.Invoice) {
    const refs = await refsOf(invoiceMetadata(invoice));
    if (!refs || !invoice.id) return;
    const invoiceId = invoice.id;
    const reason = PAYMENT_MESSAGES.failed(
      invoice.last_finalization_error?.message ?? 'the card was declined',
    );
    await once(event, async (tx) => {
      const repo = createPaymentsRepo(tx);
      const payment = await repo.ensurePayment({
        ...refs,
        kind: 'subscription',
        amountMinor: invoice.amount_due,
        currency: invoice.currency.toUpperCase(),
        externalId: invoiceId,
      });
      await repo.settle(payment.id, 'failed', reason);
    });
  }

  /** A card subscription cancelled (now or at its period's end) ends the plan then. */
  async function subscriptionChanged(event: Stripe.Event, sub: Stripe.Subscription) {
    const refs = await refsOf(sub.metadata);
    if (!refs) return;
    const at = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
    const endDate =
      event.type === 'customer.subscription.deleted'
        ? (at(sub.ended_at) ?? new Date())
        : at(sub.cancel_at);
    await once(event, (tx) => deps.billing.setEndDateWithin(tx, refs.planId, endDate));
  }

  async function intentSucceeded(event: Stripe.Event, intent: Stripe.PaymentIntent) {
    if (intent.metadata.kind !== 'auto_pay') return;
    const refs = await refsOf(intent.metadata);
    const credits = Number(intent.metadata.credits);
    if (!refs || !Number.isInteger(credits)) return;
    await once(event, (tx) =>
      deps.autoPay.succeeded(tx, {
        ...refs,
        paymentIntentId: intent.id,
        claimId: intent.metadata.claimId ?? null,
        credits,
        amountMinor: intent.amount_received || intent.amount,
        currency: intent.currency.toUpperCase(),
      }),
    );
  }

  /** A card chosen in the Customer Portal becomes the one auto-pay charges. */
  async function customerUpdated(event: Stripe.Event, customer: Stripe.Customer) {
    const method = idOf(customer.invoice_settings.default_payment_method);
    const known = method ? await createPaymentsRepo(db).customerById(customer.id) : null;
    if (!method || !known) return;
    const { active } = await plans.current(known.organizationId);
    await once(event, async (tx) => {
      const repo = createPaymentsRepo(tx);
      if (known.paymentMethodId === method) return;
      await repo.savePaymentMethod(customer.id, method);
      if (active) await repo.forgetFailedAutoPay(active.id);
    });
  }

  async function apply(event: Stripe.Event): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
        return checkoutCompleted(event, event.data.object);
      case 'checkout.session.expired': {
        const session = event.data.object;
        const refs = await refsOf(session.metadata);
        return paymentEnded(event, refs, session.id, 'expired', PAYMENT_MESSAGES.expired);
      }
      case 'payment_intent.payment_failed': {
        // A Checkout card declined: the customer may still pay with another on the page.
        const intent = event.data.object;
        const why = intent.last_payment_error?.message ?? 'the card was declined';
        const refs = await refsOf(intent.metadata);
        return paymentEnded(event, refs, intent.id, 'failed', PAYMENT_MESSAGES.failed(why));
      }
      case 'payment_intent.succeeded':
        return intentSucceeded(event, event.data.object);
      case 'invoice.paid':
        return invoicePaid(event, event.data.object);
      case 'invoice.payment_failed':
        return invoiceFailed(event, event.data.object);
      case 'customer.updated':
        return customerUpdated(event, event.data.object);
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return subscriptionChanged(event, event.data.object);
      default:
        // Events the endpoint was not asked for are acknowledged so Stripe stops resending.
        return;
    }
  }

  return {
    async receive(gateway: StripeGateway, rawBody: Buffer, signature: string | undefined) {
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error('no Stripe-Signature header');
        event = gateway.verifyEvent(rawBody, signature);
      } catch (err) {
        log.warn({ err }, 'a webhook delivery failed its Stripe signature check');
        throw badRequest(PAYMENT_MESSAGES.badSignature);
      }
      await apply(event);
      return { received: true };
    },
  };
}
