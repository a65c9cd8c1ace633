import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, type PlanDetail } from '@parley/contracts';
import { invoices, stripeCustomers } from '../../platform/db/schema.js';
import { ctx } from '../../test/app-kit.js';
import { json } from '../../test/context.js';
import { usePaymentsApp } from '../../test/payments-kit.js';
import { priceOfCredits } from './auto-pay.js';

/**
 * Issue 17, what is charged to the card after the first Checkout, against the local Stripe
 * stand-in: auto-pay charging once per crossing of the threshold (also two parallel credit
 * cuts), a declined card not retried until another is chosen, and the renewals and
 * cancellations of card subscriptions made in Stripe. The first payment is in payments.test.ts.
 */

const pay = usePaymentsApp(['admin', 'outsider']);
const { who, send, deliver, plansOf, latest, sessionIdOf } = pay;

const invoicesFor = (externalId: string) =>
  ctx.database.db.select().from(invoices).where(eq(invoices.externalId, externalId));

let plan: PlanDetail;

// The outsider's organisation pays its plan through Checkout: its card is saved for auto-pay.
beforeAll(async () => {
  plan = await pay.pendingPlan(who.admin, who.outsider, 'Elsewhere Pro');
  const res = await pay.setup(who.outsider, plan);
  expect(res.statusCode).toBe(201);
  const sessionId = sessionIdOf(json<{ data: { url: string } }>(res).data.url);
  expect((await deliver(pay.stripe.complete(sessionId))).statusCode).toBe(200);
  expect(json(await send(who.outsider, 'GET', '/payment/methods'))).toEqual({
    data: { card: true, savedCard: true },
  });
});

describe('auto-pay', () => {
  const cut = (duration: number) =>
    send(who.outsider, 'POST', '/credits/cutCreditsForOffline', { duration });
  const charges = () => pay.stripe.seen.filter((s) => s.path === '/v1/payment_intents');
  const remaining = async () => (await plansOf(who.outsider)).active?.remainingCredits ?? -1;

  it('charges the saved card once when two parallel credit cuts cross the threshold', async () => {
    expect((await send(who.outsider, 'PATCH', '/plan', { credits: 500 })).statusCode).toBe(200);
    // Down to 11, one above the default threshold of 10: nothing bought yet.
    expect((await cut((await remaining()) - 11)).statusCode).toBe(200);
    expect(charges()).toHaveLength(0);
    const both = await Promise.all([cut(2), cut(2)]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);

    expect(charges()).toHaveLength(1);
    const price = priceOfCredits({ credits: 2000, minor: 18000 }, 500);
    expect(price).toBe(4500);
    expect(charges()[0]?.body).toMatchObject({ amount: String(price), off_session: 'true' });
    expect(await remaining()).toBe(7 + 500);
    expect(await latest(who.outsider)).toMatchObject({
      kind: 'auto_pay',
      status: 'succeeded',
      credits: 500,
      amount: { minor: 4500 },
    });

    // Stripe's own announcement of the same charge adds nothing more.
    const intent = [...pay.stripe.intents.values()].at(-1);
    if (!intent) throw new Error('the stand-in kept no charge');
    expect((await deliver(pay.stripe.sign('payment_intent.succeeded', intent))).statusCode).toBe(
      200,
    );
    expect(await remaining()).toBe(507);

    // Invoiced like a Checkout payment: one paid card invoice for the charge, replay or not.
    const issued = await invoicesFor(String(intent.id));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      organizationId: who.outsider.user.organizationId,
      status: 'paid',
      method: 'card',
      totalMinor: 4500,
      lines: [{ description: '500 analysis credits, bought by auto-pay', amountMinor: 4500 }],
    });
  });

  it('charges again at the next crossing, and records a declined card without retrying it', async () => {
    expect((await cut(500)).statusCode).toBe(200);
    expect(charges()).toHaveLength(2);
    expect(new Set(charges().map((c) => c.idempotencyKey)).size).toBe(2);
    expect(await remaining()).toBe(507);

    const [customer] = await ctx.database.db
      .select()
      .from(stripeCustomers)
      .where(eq(stripeCustomers.organizationId, who.outsider.user.organizationId));
    pay.stripe.declineCardsOf(customer?.customerId ?? '');
    expect((await cut(500)).statusCode).toBe(200);
    expect(charges()).toHaveLength(3);
    expect(await remaining()).toBe(7);
    expect(await latest(who.outsider)).toMatchObject({
      kind: 'auto_pay',
      status: 'failed',
      reason: PAYMENT_MESSAGES.autoPayFailed('Your card has insufficient funds.'),
    });
    // The refused card is not charged again at every meeting.
    expect((await cut(1)).statusCode).toBe(200);
    expect(charges()).toHaveLength(3);

    // Another card chosen in the Customer Portal: the next low balance tries it.
    const customerId = customer?.customerId ?? '';
    pay.stripe.acceptCardsOf(customerId);
    const updated = pay.stripe.sign('customer.updated', {
      id: customerId,
      object: 'customer',
      invoice_settings: { default_payment_method: 'pm_new_card' },
    });
    expect((await deliver(updated)).statusCode).toBe(200);
    expect((await deliver(updated)).statusCode).toBe(200);
    expect((await cut(1)).statusCode).toBe(200);
    expect(charges()).toHaveLength(4);
    expect(charges()[3]?.body).toMatchObject({ payment_method: 'pm_new_card' });
    expect(await remaining()).toBe(5 + 500);
  });
});

describe('card subscriptions made in Stripe', () => {
  const subscription = () => ({
    planId: plan.id,
    organizationId: who.outsider.user.organizationId,
  });
  const invoice = (id: string, extra: object = {}) => ({
    id,
    object: 'invoice',
    currency: 'usd',
    amount_paid: 18000,
    amount_due: 18000,
    metadata: {},
    parent: { type: 'subscription_details', subscription_details: { metadata: subscription() } },
    ...extra,
  });
  const active = async () => (await plansOf(who.outsider)).active;

  it('a paid renewal invoice adds the plan’s credits once; a failed one changes nothing and says why', async () => {
    const before = (await active())?.remainingCredits ?? 0;
    const paid = pay.stripe.sign('invoice.paid', invoice('in_renewal_1'));
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await active())?.remainingCredits).toBe(before + 2000);
    // One paid card invoice for the renewal, though the event came twice.
    const issued = await invoicesFor('in_renewal_1');
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({
      status: 'paid',
      totalMinor: 18000,
      lines: [{ description: 'Renewal: 2,000 analysis credits' }],
    });

    const failed = pay.stripe.sign(
      'invoice.payment_failed',
      invoice('in_renewal_2', { last_finalization_error: { message: 'Your card has expired.' } }),
    );
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await active())?.remainingCredits).toBe(before + 2000);
    expect(await latest(who.outsider)).toMatchObject({
      kind: 'subscription',
      status: 'failed',
      reason: PAYMENT_MESSAGES.failed('Your card has expired.'),
    });
  });

  it('a cancelled subscription ends the plan at the period’s end, or now when deleted', async () => {
    const end = Math.floor(Date.UTC(2027, 0, 31) / 1000);
    const sub = { id: 'sub_1', object: 'subscription', metadata: subscription() };
    const updated = pay.stripe.sign('customer.subscription.updated', { ...sub, cancel_at: end });
    expect((await deliver(updated)).statusCode).toBe(200);
    expect((await active())?.endDate).toBe('2027-01-31T00:00:00.000Z');
    const ended = Math.floor(Date.UTC(2026, 11, 1) / 1000);
    const deleted = pay.stripe.sign('customer.subscription.deleted', { ...sub, ended_at: ended });
    expect((await deliver(deleted)).statusCode).toBe(200);
    expect((await active())?.endDate).toBe('2026-12-01T00:00:00.000Z');
  });
});
