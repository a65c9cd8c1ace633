import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  PAYMENT_MESSAGES,
  type Bundle,
  type CreditSlab,
  type PlanDetail,
} from '@parley/contracts';
import { invoices, payments, stripeCustomers, stripeEvents } from '../../platform/db/schema.js';
import { ctx } from '../../test/app-kit.js';
import { json, type SignedIn } from '../../test/context.js';
import { usePaymentsApp } from '../../test/payments-kit.js';
import { loadConfig } from '../../config.js';
import { stripeEnv } from '../../test/stripe-stand-in.js';
import { priceOfCredits } from './auto-pay.js';

/**
 * Issue 17 card payment, against the local Stripe stand-in: Checkout for a pending plan, the
 * webhook applied once per event (also three deliveries at once), signatures checked, failures
 * that leave the plan as it was, auto-pay charging once, and tenancy. The talent pool's
 * purchases are in payments-b2c.test.ts.
 */

const pay = usePaymentsApp(['admin', 'poc', 'member', 'seeker', 'outsider']);
const { who, send, deliver, plansOf, latest, sessionIdOf } = pay;

async function featureAvailable(s: SignedIn, name: string) {
  const list = json<{ name: string; available: boolean }[]>(await send(s, 'GET', '/auth/features'));
  return list.find((f) => f.name === name)?.available;
}
const invoicesFor = (externalId: string) =>
  ctx.database.db.select().from(invoices).where(eq(invoices.externalId, externalId));
const eventCount = async () => (await ctx.database.db.select().from(stripeEvents)).length;

/** Picks Essentials + Sales Suite and the 2000-credit slab, then asks for the plan. */
async function pendingPlan(s: SignedIn, name: string): Promise<PlanDetail> {
  const bundles = json<{ data: Bundle[] }>(await send(who.admin, 'GET', '/bundle')).data;
  const slabs = json<{ data: CreditSlab[] }>(await send(who.admin, 'GET', '/credit-slab')).data;
  const ids = bundles
    .filter((b) => ['Essentials', 'Sales Suite'].includes(b.name))
    .map((b) => b.id);
  const slab = slabs.find((x) => x.credits === 2000);
  const picked = await send(s, 'PATCH', '/bundle/user', { bundleIds: ids, creditSlabId: slab?.id });
  expect(picked.statusCode).toBe(200);
  const res = await send(s, 'POST', '/plan', { name, creditsToAddForAutoPay: 0 });
  expect(res.statusCode).toBe(201);
  return json<{ data: PlanDetail }>(res).data;
}

async function setup(s: SignedIn, plan: PlanDetail, organizationId = s.user.organizationId) {
  return send(s, 'POST', '/payment/setup', {
    planId: plan.id,
    name: plan.name,
    credits: 500,
    organizationId,
  });
}

let plan: PlanDetail;
let sessionId: string;

describe('payment/setup', () => {
  it('answers 201 with the stand-in’s Checkout URL for the pending plan’s discounted price', async () => {
    expect(json(await send(who.outsider, 'GET', '/payment/methods'))).toEqual({
      data: { card: true, savedCard: false },
    });
    plan = await pendingPlan(who.outsider, 'Elsewhere Pro');
    const res = await setup(who.outsider, plan);
    expect(res.statusCode).toBe(201);
    const { url } = json<{ data: { url: string } }>(res).data;
    expect(url.startsWith(`${pay.stripe.origin}/pay/cs_test_`)).toBe(true);
    sessionId = sessionIdOf(url);
    const session = pay.stripe.sessions.get(sessionId);
    // 148 for the bundles, 200 less 10% for the slab.
    expect(session).toMatchObject({
      amount_total: plan.discountedPrice.minor,
      currency: 'usd',
      metadata: { planId: plan.id, organizationId: who.outsider.user.organizationId },
    });
    expect(plan.discountedPrice.minor).toBe(32800);
    expect(json(await send(who.outsider, 'GET', '/payment/latest')).data).toMatchObject({
      status: 'pending',
      planId: plan.id,
    });
    // The name and auto-pay credits of the setup call are the plan's now.
    expect((await plansOf(who.outsider)).pending?.autoPayCredits).toBe(500);
  });

  it('makes the organisation’s Stripe customer once', async () => {
    const again = await setup(who.outsider, plan);
    expect(again.statusCode).toBe(201);
    expect(pay.stripe.seen.filter((s) => s.path === '/v1/customers')).toHaveLength(1);
    const rows = await ctx.database.db
      .select()
      .from(stripeCustomers)
      .where(eq(stripeCustomers.organizationId, who.outsider.user.organizationId));
    expect(rows).toHaveLength(1);
    const sessions = pay.stripe.seen.filter((s) => s.path === '/v1/checkout/sessions');
    expect(new Set(sessions.map((s) => s.body.customer))).toEqual(new Set([rows[0]?.customerId]));
  });

  it('is refused for another organisation’s plan, to members and with nothing pending', async () => {
    const acme = await pendingPlan(who.poc, 'Acme Next');
    // Another organisation's plan: not found; another organisation named: forbidden.
    expect((await setup(who.outsider, acme)).statusCode).toBe(404);
    const named = await setup(who.outsider, plan, who.poc.user.organizationId);
    expect(named.statusCode).toBe(403);
    expect(json(named).message).toBe(PAYMENT_MESSAGES.notYourOrganization);
    expect((await setup(who.member, acme)).statusCode).toBe(403);
    const active = (await plansOf(who.poc)).active;
    if (!active) throw new Error('Acme has an active plan');
    const res = await setup(who.poc, active);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(PAYMENT_MESSAGES.noPendingPlan);
  });
});

describe('the webhook', () => {
  it('refuses a bad signature with 400 and changes nothing', async () => {
    const event = pay.stripe.sign('checkout.session.completed', {
      ...pay.stripe.sessions.get(sessionId),
      payment_status: 'paid',
    });
    const forged = pay.stripe.sign('checkout.session.completed', {}, 'whsec_someone_else');
    for (const res of [
      await deliver(event, forged.signature),
      await deliver({ ...event, payload: event.payload.replace('"paid"', '"PAID"') }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/payment/webhook',
        headers: { 'content-type': 'application/json' },
        payload: event.payload,
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(PAYMENT_MESSAGES.badSignature);
    }
    expect(await eventCount()).toBe(0);
    expect((await plansOf(who.outsider)).pending?.id).toBe(plan.id);
  });

  it('a declined card and an expired session leave the plan pending and say why', async () => {
    const declined = pay.stripe.sign('payment_intent.payment_failed', {
      id: 'pi_declined_1',
      object: 'payment_intent',
      metadata: { planId: plan.id, organizationId: who.outsider.user.organizationId },
      last_payment_error: { message: 'Your card was declined.' },
    });
    expect((await deliver(declined)).statusCode).toBe(200);
    expect(await latest(who.outsider)).toMatchObject({
      status: 'failed',
      reason: PAYMENT_MESSAGES.failed('Your card was declined.'),
    });
    const res = await setup(who.outsider, plan);
    const expiring = sessionIdOf(json<{ data: { url: string } }>(res).data.url);
    expect((await deliver(pay.stripe.expire(expiring))).statusCode).toBe(200);
    expect(await latest(who.outsider)).toMatchObject({
      status: 'expired',
      reason: PAYMENT_MESSAGES.expired,
    });
    const after = await plansOf(who.outsider);
    expect(after.pending?.id).toBe(plan.id);
    expect(after.active?.id).not.toBe(plan.id);
    expect(await featureAvailable(who.outsider, 'Sales Coaching')).toBe(false);
  });

  it('checkout completed, delivered three times at once and again, activates the plan and adds credits once', async () => {
    const before = (await plansOf(who.outsider)).active?.remainingCredits ?? 0;
    const completed = pay.stripe.complete(sessionId);
    const answers = await Promise.all([deliver(completed), deliver(completed), deliver(completed)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await deliver(completed)).statusCode).toBe(200);

    const after = await plansOf(who.outsider);
    expect(after.active).toMatchObject({ id: plan.id, status: 'active' });
    expect(after.pending).toBeNull();
    expect(after.active?.remainingCredits).toBe(before + 2000);
    expect(await featureAvailable(who.outsider, 'Sales Coaching')).toBe(true);
    expect(await eventCount()).toBe(3);
    const paid = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.externalId, sessionId));
    expect(paid).toMatchObject([{ status: 'succeeded', amountMinor: 32800, currency: 'USD' }]);
    // The card it was paid with is kept for auto-pay.
    const [customer] = await ctx.database.db
      .select()
      .from(stripeCustomers)
      .where(eq(stripeCustomers.organizationId, who.outsider.user.organizationId));
    const intent = pay.stripe.intents.get(String(pay.stripe.sessions.get(sessionId)?.payment_intent));
    expect(customer?.paymentMethodId).toBe(intent?.payment_method);
    // Invoiced once, paid, by card, for the plan's discounted price.
    const issued = await ctx.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.organizationId, who.outsider.user.organizationId));
    expect(issued).toMatchObject([
      { status: 'paid', method: 'card', externalId: sessionId, totalMinor: 32800, planId: plan.id },
    ]);
    expect(json(await send(who.outsider, 'GET', '/payment/methods'))).toEqual({
      data: { card: true, savedCard: true },
    });
  });

  it('ignores an event whose plan is not the named organisation’s', async () => {
    const acme = (await plansOf(who.poc)).pending;
    if (!acme) throw new Error('Acme has a pending plan');
    const crossed = pay.stripe.sign('checkout.session.completed', {
      id: 'cs_test_crossed',
      object: 'checkout.session',
      payment_status: 'paid',
      amount_total: 1,
      currency: 'usd',
      metadata: { planId: acme.id, organizationId: who.outsider.user.organizationId },
    });
    expect((await deliver(crossed)).statusCode).toBe(200);
    expect((await plansOf(who.poc)).pending?.id).toBe(acme.id);
  });
});

describe('payment/portal', () => {
  it('answers 201 with a Customer Portal URL, and 404 before any card payment', async () => {
    const res = await send(who.outsider, 'GET', '/payment/portal');
    expect(res.statusCode).toBe(201);
    expect(json<{ data: { url: string } }>(res).data.url).toMatch(
      new RegExp(`^${pay.stripe.origin}/portal/bps_`),
    );
    const none = await send(who.poc, 'GET', '/payment/portal');
    expect(none.statusCode).toBe(404);
    expect(json(none).message).toBe(PAYMENT_MESSAGES.noCardCustomer);
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
    expect((await deliver(pay.stripe.sign('payment_intent.succeeded', intent))).statusCode).toBe(200);
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

describe('two first payments at once', () => {
  it('share one Stripe customer', async () => {
    const acme = await pendingPlan(who.poc, 'Acme Twice');
    const both = await Promise.all([setup(who.poc, acme), setup(who.poc, acme)]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    const rows = await ctx.database.db
      .select()
      .from(stripeCustomers)
      .where(eq(stripeCustomers.organizationId, who.poc.user.organizationId));
    expect(rows).toHaveLength(1);
    const made = [...pay.stripe.customers.values()].filter(
      (c) =>
        (c.metadata as { organizationId?: string }).organizationId === who.poc.user.organizationId,
    );
    expect(made.map((c) => c.id)).toEqual([rows[0]?.customerId]);
  });
});

describe('when Stripe does not answer', () => {
  it('says so with the spec’s message and records no payment', async () => {
    const plan = await pendingPlan(who.poc, 'Acme Later');
    const paymentsBefore = (await ctx.database.db.select().from(payments)).length;
    await pay.stripe.close();
    const res = await setup(who.poc, plan);
    expect(res.statusCode).toBe(502);
    expect(json(res).message).toBe(PAYMENT_MESSAGES.createSessionForStripeFailed);
    expect((await ctx.database.db.select().from(payments)).length).toBe(paymentsBefore);
    expect((await plansOf(who.poc)).pending?.id).toBe(plan.id);
  }, 60_000);
});

describe('configuration', () => {
  const base = { APP_SECRET: 'x'.repeat(32), DATA_DIR: '/nonexistent-parley-test' };
  it('takes cards only with both the secret key and the webhook secret', () => {
    expect(loadConfig(base).stripe).toBeNull();
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together/,
    );
    expect(
      loadConfig({ ...base, ...stripeEnv({ origin: 'http://127.0.0.1:4010' }) }).stripe?.api,
    ).toEqual({ host: '127.0.0.1', port: 4010, protocol: 'http' });
    expect(
      loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }).stripe
        ?.api,
    ).toEqual({ host: 'api.stripe.com', port: 443, protocol: 'https' });
  });
});
