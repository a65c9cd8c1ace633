import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, type Invoice } from '@parley/contracts';
import { invoices } from '../../platform/db/schema.js';
import { ctx } from '../../test/app-kit.js';
import { json, signIn, signUp, type SignedIn } from '../../test/context.js';
import { usePaymentsApp } from '../../test/payments-kit.js';

/**
 * Issue 17, the talent pool's card and bank-transfer purchases against the local Stripe
 * stand-in: every job seeker belongs to one organisation, yet each one's purchase, payment and
 * invoices stay their own.
 */

const pay = usePaymentsApp(['poc', 'seeker']);
const { who, send, deliver, plansOf, latest, sessionIdOf } = pay;

describe('payment/b2c/setup', () => {
  it('sells a talent-pool account a credit slab through Checkout, carrying its credits over', async () => {
    const refused = await send(who.poc, 'POST', '/payment/b2c/setup', { name: 'X', credits: 2000 });
    expect(refused.statusCode).toBe(403);
    expect(json(refused).message).toBe(PAYMENT_MESSAGES.notTalentPool);
    const none = await send(who.seeker, 'POST', '/payment/b2c/setup', { name: 'X', credits: 7 });
    expect(none.statusCode).toBe(400);
    expect(json(none).message).toBe(PAYMENT_MESSAGES.noSlabForCredits(7));

    const before = (await plansOf(who.seeker)).active?.remainingCredits ?? 0;
    const res = await send(who.seeker, 'POST', '/payment/b2c/setup', {
      name: 'Practice credits',
      credits: 2000,
    });
    expect(res.statusCode).toBe(201);
    const id = sessionIdOf(json<{ data: { url: string } }>(res).data.url);
    expect(pay.stripe.sessions.get(id)).toMatchObject({ amount_total: 18000 });
    expect((await deliver(pay.stripe.complete(id))).statusCode).toBe(200);
    expect((await plansOf(who.seeker)).active).toMatchObject({
      name: 'Practice credits',
      type: 'b2c',
      remainingCredits: before + 2000,
    });
  });
});

describe('the talent pool: every seeker shares one organisation, not their credits', () => {
  type Detailed = { data: Invoice[]; count: number };
  const buy = (s: SignedIn, name: string, credits = 2000) =>
    send(s, 'POST', '/payment/b2c/setup', { name, credits });

  it('keeps each seeker’s purchase, payment and invoices their own', async () => {
    const other = await signUp(ctx, 'second.seeker@example.com', {
      firstName: 'Sam',
      lastName: 'Seeker',
      accountType: 'individual',
    });
    expect(other.user.organizationId).toBe(who.seeker.user.organizationId);
    const start = (await plansOf(who.seeker)).active?.remainingCredits ?? 0;

    const mine = await buy(who.seeker, 'My practice credits');
    const theirs = await buy(other, 'Sam’s practice credits');
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    const mineId = sessionIdOf(json<{ data: { url: string } }>(mine).data.url);
    const theirsId = sessionIdOf(json<{ data: { url: string } }>(theirs).data.url);
    // A guest payment back to /settings: the pool's one Stripe customer would show each
    // seeker the cards the others saved.
    const session = pay.stripe.sessions.get(theirsId);
    expect(session).toMatchObject({ customer: null });
    expect(session?.success_url).toMatch(/\/settings\?payment=success/);
    expect(session?.payment_intent_data).not.toHaveProperty('setup_future_usage');

    // Sam's purchase did not cancel mine: each sees their own waiting.
    expect((await plansOf(who.seeker)).pending?.name).toBe('My practice credits');
    expect((await plansOf(other)).pending?.name).toBe('Sam’s practice credits');

    expect((await deliver(pay.stripe.complete(theirsId))).statusCode).toBe(200);
    expect((await plansOf(other)).pending).toBeNull();
    expect((await plansOf(who.seeker)).pending?.name).toBe('My practice credits');
    expect(await latest(other)).toMatchObject({ status: 'succeeded' });
    expect(await latest(who.seeker)).toMatchObject({ status: 'pending' });

    expect((await deliver(pay.stripe.complete(mineId))).statusCode).toBe(200);
    // Each one's credits are on their own plan (spec 3 §6): Sam's did not add to mine.
    expect((await plansOf(who.seeker)).active?.remainingCredits).toBe(start + 2000);
    expect((await plansOf(other)).active).toMatchObject({
      name: 'Sam’s practice credits',
      remainingCredits: 2000,
    });

    // Each lists and downloads only their own invoice, issued to them by name.
    const listOf = async (s: SignedIn) =>
      json<Detailed>(await send(s, 'GET', '/plan/b2c/invoices')).data;
    const [myInvoices, samInvoices] = [await listOf(who.seeker), await listOf(other)];
    expect(samInvoices).toHaveLength(1);
    expect(samInvoices[0]).toMatchObject({
      status: 'paid',
      method: 'card',
      planName: 'Sam’s practice credits',
      buyer: { name: 'Sam Seeker', lines: ['second.seeker@example.com'] },
    });
    // (An earlier test's purchase, when it ran, is this seeker's too.)
    const myNames = myInvoices.map((i) => i.planName);
    expect(myNames).toContain('My practice credits');
    expect(myNames).not.toContain('Sam’s practice credits');
    const mySummary = myInvoices.find((i) => i.planName === 'My practice credits');
    if (!mySummary) throw new Error('no invoice');
    const stranger = await send(other, 'GET', `/invoice/b2c/download/${mySummary.id}`);
    expect(stranger.statusCode).toBe(404);
    const own = await send(who.seeker, 'GET', `/invoice/b2c/download/${mySummary.id}`);
    expect(own.statusCode).toBe(200);
    // A team's people cannot use the pool's routes.
    expect((await send(who.poc, 'GET', '/plan/b2c/invoices')).statusCode).toBe(403);
  });

  it('leaves another seeker’s bank-transfer purchase waiting too', async () => {
    const other = await signIn(ctx, 'second.seeker@example.com');
    const transfer = await send(other, 'POST', '/payment/b2c/manual', {
      name: 'Sam by transfer',
      credits: 2000,
    });
    expect(transfer.statusCode).toBe(201);
    expect((await buy(who.seeker, 'Mine again')).statusCode).toBe(201);
    const invoice = json<{ data: Invoice }>(transfer).data;
    expect((await plansOf(other)).pending?.name).toBe('Sam by transfer');
    const [row] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row?.status).toBe('open');
  });
});
