import { PAYMENT_MESSAGES } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { createPaymentsRepo, type PaymentsRepo } from './repo.js';
import type { PaymentsDeps, PlanPaid } from './service.js';
import { CardDeclined } from './stripe-gateway.js';

/** What auto-pay is told about a charge that went through (from the answer or the webhook). */
export interface AutoPayCharge {
  paymentIntentId: string;
  organizationId: string;
  planId: string;
  claimId: string | null;
  credits: number;
  amountMinor: number;
  currency: string;
}

/** `credits` at the slab's discounted rate, in minor units, rounded half up (integers only). */
export function priceOfCredits(slab: { credits: number; minor: number }, credits: number): number {
  return Math.floor((slab.minor * credits * 2 + slab.credits) / (slab.credits * 2));
}

/**
 * Auto-pay: after a credit cut leaves the active plan below the threshold (AUTO_PAY_THRESHOLD),
 * the saved card is charged for the plan's auto-pay credits at its credit slab's discounted
 * rate, once per crossing (a declined card is tried again only once another card is saved).
 *
 * Once: the claim row (plan, crossing) is unique, so of two meetings finishing together only
 * the one that inserts it charges; the crossing number is the count of auto-pay purchases
 * that went through, so the next fall below the threshold is a new crossing. The charge's
 * idempotency key is derived from the same pair and the card, so a retry after a lost answer
 * is the same charge at Stripe.
 *
 * Credits are added from the charge's synchronous answer (an off-session confirm answers
 * 'succeeded' at once), so the balance is topped up before the next meeting is charged; the
 * payment_intent.succeeded webhook applies the same success again, which settles nothing a
 * second time (the payment row moves out of 'pending' once) and so covers a process that died
 * between Stripe's answer and the commit.
 */
export function createAutoPay(
  deps: PaymentsDeps & {
    repo: PaymentsRepo;
    onPlanPaid: (tx: Db, paid: PlanPaid) => Promise<void>;
  },
) {
  const { db, gateway, repo, log } = deps;

  /** Records a charge that went through and adds its credits, once. */
  async function succeeded(tx: Db, charge: AutoPayCharge): Promise<void> {
    const inTx = createPaymentsRepo(tx);
    const payment = await inTx.ensurePayment({
      organizationId: charge.organizationId,
      planId: charge.planId,
      kind: 'auto_pay',
      amountMinor: charge.amountMinor,
      currency: charge.currency,
      credits: charge.credits,
      externalId: charge.paymentIntentId,
    });
    const settled = await inTx.settle(payment.id, 'succeeded', null, ['pending', 'failed']);
    if (charge.claimId) {
      await inTx.finishAutoPay(charge.claimId, 'succeeded', charge.paymentIntentId);
    }
    if (!settled) return;
    await deps.onPlanPaid(tx, {
      organizationId: charge.organizationId,
      planId: charge.planId,
      method: 'card',
      kind: 'auto_pay',
      credits: charge.credits,
      amountMinor: charge.amountMinor,
      currency: charge.currency,
      externalId: charge.paymentIntentId,
    });
  }

  async function check(organizationId: string): Promise<void> {
    if (!gateway) return;
    const { active: plan } = await deps.plans.current(organizationId);
    if (!plan || plan.autoPayCredits <= 0 || !plan.creditSlabId) return;
    if (plan.remainingCredits >= (await deps.autoPayThreshold(organizationId))) return;
    const customer = await repo.customerOf(organizationId);
    if (!customer?.paymentMethodId) return;
    const slab = await deps.catalogue.creditSlab.activeById(plan.creditSlabId);
    if (!slab) {
      log.warn({ organizationId, planId: plan.id }, 'auto-pay: the plan’s credit slab is off sale');
      return;
    }
    const credits = plan.autoPayCredits;
    const amountMinor = priceOfCredits(
      { credits: slab.credits, minor: slab.discountedPrice.minor },
      credits,
    );
    const currency = slab.discountedPrice.currency;
    const crossing = await repo.autoPaysSucceeded(plan.id);
    const claim = await repo.claimAutoPay(plan.id, crossing);
    if (!claim) return;
    const base = { organizationId, planId: plan.id, claimId: claim.id, credits, amountMinor };
    try {
      const intent = await gateway.charge({
        customerId: customer.customerId,
        paymentMethodId: customer.paymentMethodId,
        amountMinor,
        currency,
        metadata: {
          kind: 'auto_pay',
          organizationId,
          planId: plan.id,
          claimId: claim.id,
          credits: String(credits),
        },
        // The card is part of the key: a card saved after a decline is a new charge.
        idempotencyKey: `parley-autopay-${plan.id}-${crossing}-${customer.paymentMethodId}`,
      });
      if (intent.status === 'succeeded') {
        await db.transaction((tx) =>
          succeeded(tx, { ...base, currency, paymentIntentId: intent.id }),
        );
      } else {
        // Processing or waiting for the bank: the webhook finishes it; the claim stays taken.
        await repo.ensurePayment({
          ...base,
          kind: 'auto_pay',
          currency,
          externalId: intent.id,
        });
      }
    } catch (err) {
      if (err instanceof CardDeclined) {
        // Declined: said on /pricing; not tried again for this crossing (the claim stays), so
        // a refused card is not charged at every meeting.
        await repo.finishAutoPay(claim.id, 'failed', null);
        await repo.insertPayment({
          organizationId,
          planId: plan.id,
          kind: 'auto_pay',
          status: 'failed',
          reason: PAYMENT_MESSAGES.autoPayFailed(err.message),
          amountMinor,
          currency,
          credits,
          externalId: `declined-${claim.id}`,
        });
        return;
      }
      // No decision reached (Stripe unreachable): the next credit cut tries the same charge
      // again, under the same idempotency key.
      await repo.releaseAutoPay(claim.id);
      log.error({ err, organizationId, planId: plan.id }, 'auto-pay: the charge failed');
    }
  }

  return { check, succeeded };
}
export type AutoPay = ReturnType<typeof createAutoPay>;
