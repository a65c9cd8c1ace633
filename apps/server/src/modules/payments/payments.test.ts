import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, type PlanDetail } from '@parley/contracts';
import { invoices, payments, stripeCustomers, stripeEvents } from '../../platform/db/schema.js';
import { ctx } from '../../test/app-kit.js';
import { json, type SignedIn } from '../../test/context.js';
import { usePaymentsApp } from '../../test/payments-kit.js';
import { loadConfig } from '../../config.js';
import { stripeEnv } from '../../test/stripe-stand-in.js';

/**
 * Issue 17 card payment, against the local Stripe stand-in: Checkout for a pending plan, the
 * webhook applied once per event (also three deliveries at once), signatures checked, failures
 * that leave the plan as it was, and tenancy. Auto-pay and card subscriptions are in
 * auto-pay-subscriptions.test.ts, the talent pool's purchases in payments-b2c.test.ts.
 */

const pay = usePaymentsApp(['admin', 'poc', 'member', 'seeker', 'outsider']);
const { who, send, deliver, plansOf, latest, sessionIdOf } = pay;

async function featureAvailable(s: SignedIn, name: string) {
  const list = json<{ name: string; available: boolean }[]>(await send(s, 'GET', '/auth/features'));
  return list.find((f) => f.name === name)?.available;
}
const eventCount = async () => (await ctx.database.db.select().from(stripeEvents)).length;

const pendingPlan = (s: SignedIn, name: string) => pay.pendingPlan(who.admin, s, name);
const { setup } = pay;

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
    const intent = pay.stripe.intents.get(
      String(pay.stripe.sessions.get(sessionId)?.payment_intent),
    );
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
