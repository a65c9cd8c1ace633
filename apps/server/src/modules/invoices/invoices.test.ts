import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Invoice, InvoiceSummary, PlanDetail } from '@parley/contracts';
import { invoiceSequences, invoices, plans } from '../../platform/db/schema.js';
import { ctx } from '../../test/app-kit.js';
import { useInvoicesApp } from '../../test/invoices-kit.js';
import { json } from '../../test/context.js';
import { remainingCredits } from '../../test/plans-kit.js';
import { createLocationsModule } from '../locations/index.js';
import { createIssuer } from './issue.js';

const { BANK, who, send, acme, pdfText, pendingPlan, download } = useInvoicesApp();
type One = { data: Invoice; message: string };

let invoice: Invoice;
let plan: PlanDetail;

describe('manual payment (payment/manual)', () => {
  it('issues an open invoice for the pending plan, with the addresses copied; again is the same', async () => {
    await send(who.poc, 'PATCH', `/organization/${acme()}`, {
      billingAddress: {
        addressLine1: '1 Market Street',
        countryId: 233,
        stateId: 1416,
        cityId: 120784,
        zipcode: '90012',
      },
    });
    plan = await pendingPlan('Acme Scale');
    const res = await send(who.poc, 'POST', '/payment/manual', {});
    expect(res.statusCode).toBe(201);
    invoice = json<One>(res).data;
    expect(invoice).toMatchObject({
      number: `PAR-${new Date().getUTCFullYear()}-000001`,
      status: 'open',
      method: 'manual',
      planId: plan.id,
      planName: 'Acme Scale',
      organizationName: 'Acme Corp',
      total: { amount: '328.00', currency: 'USD' },
      subtotal: { minor: 32800 },
      tax: { minor: 0 },
      paidAt: null,
      paymentDetails: BANK,
    });
    expect(invoice.buyer).toEqual({
      name: 'Acme Corp',
      lines: ['1 Market Street', 'Los Angeles, California 90012', 'United States'],
    });
    expect(invoice.lines.map((l) => [l.description, l.amountMinor])).toEqual([
      ['Essentials bundle', 4900],
      ['Sales Suite bundle', 9900],
      ['2,000 analysis credits', 20000],
      ['Credit slab discount', -2000],
    ]);
    const again = await send(who.poc, 'POST', '/payment/manual', { planId: plan.id });
    expect(json<One>(again).data.id).toBe(invoice.id);
    // The plan still waits: the transfer has not arrived.
    const plans = json<{ data: { pending: PlanDetail | null } }>(
      await send(who.poc, 'GET', '/plan'),
    );
    expect(plans.data.pending?.id).toBe(plan.id);
  });

  it('keeps the invoice as issued when the address changes later', async () => {
    await send(who.poc, 'PATCH', `/organization/${acme()}`, {
      billingAddress: {
        addressLine1: '500 Congress Ave',
        countryId: 233,
        stateId: 1407,
        cityId: 111668,
        zipcode: '78701',
      },
    });
    const page = json<{ data: Invoice[]; count: number }>(
      await send(who.poc, 'GET', '/plan/organization/invoices'),
    );
    expect(page.count).toBe(1);
    expect(page.data[0]?.buyer.lines[0]).toBe('1 Market Street');
    // Nothing changes an issued invoice, not even a direct update.
    await expect(
      ctx.database.db
        .update(invoices)
        .set({ totalMinor: 1, subtotalMinor: 1 })
        .where(eq(invoices.id, invoice.id)),
    ).rejects.toThrow();
  });

  it('refuses without a pending plan, for another plan, and for members', async () => {
    const none = await send(who.outsider, 'POST', '/payment/manual', {});
    expect(none.statusCode).toBe(409);
    expect(json(none).message).toBe('Your organization has no plan waiting for payment');
    const other = await send(who.poc, 'POST', '/payment/manual', {
      planId: '00000000-0000-4000-8000-000000000000',
    });
    expect(other.statusCode).toBe(409);
    expect((await send(who.member, 'POST', '/payment/manual', {})).statusCode).toBe(403);
  });
});

describe('the invoice PDF and its signed link', () => {
  it('serves invoice_{id}.pdf whose text holds the number, the buyer and the total', async () => {
    const { status, file } = await download(who.poc, invoice.id);
    expect(status).toBe(200);
    expect(file?.statusCode).toBe(200);
    expect(file?.headers['content-type']).toBe('application/pdf');
    expect(file?.headers['content-disposition']).toBe(
      `attachment; filename="invoice_${invoice.id}.pdf"`,
    );
    const text = await pdfText(file?.rawPayload ?? Buffer.alloc(0));
    expect(text).toContain(invoice.number);
    expect(text).toContain('Acme Corp');
    expect(text).toContain('1 Market Street');
    expect(text).toContain('$328.00');
    expect(text).toContain('Parley');
    expect(text).toContain('IBAN DE89 3704 0044 0532 0130 00');
  });

  it('refuses a wrong signature and an expired link', async () => {
    const { url } = await download(who.poc, invoice.id);
    const forged = url.replace(
      /token=([0-9a-f])/,
      (_, c: string) => `token=${c === 'a' ? 'b' : 'a'}`,
    );
    const wrong = await ctx.app.inject({ method: 'GET', url: forged });
    expect(wrong.statusCode).toBe(403);
    expect(json(wrong).message).toBe('This invoice link is invalid or has expired');
    const otherId = url.replace(invoice.id, '00000000-0000-4000-8000-000000000000');
    expect((await ctx.app.inject({ method: 'GET', url: otherId })).statusCode).toBe(403);
    ctx.clock.advance(6 * 60 * 1000);
    const late = await ctx.app.inject({ method: 'GET', url });
    expect(late.statusCode).toBe(403);
    expect((await download(who.poc, invoice.id)).file?.statusCode).toBe(200);
  });

  it('is 404 for another organisation; the super admin reaches every invoice', async () => {
    const res = await send(who.outsider, 'GET', `/invoice/download/${invoice.id}`);
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toBe('Invoice not found');
    const theirs = json<{ count: number }>(await send(who.outsider, 'GET', '/plan/invoices'));
    expect(theirs.count).toBe(0);
    expect((await download(who.admin, invoice.id)).file?.statusCode).toBe(200);
    const all = json<{ data: InvoiceSummary[]; count: number }>(
      await send(who.admin, 'GET', '/invoice/query?search=acme&sort=number:asc'),
    );
    expect(all.data.map((i) => i.number)).toEqual([invoice.number]);
    expect((await send(who.poc, 'GET', '/invoice/query')).statusCode).toBe(403);
  });
});

describe('marking an invoice paid (the super admin records the transfer)', () => {
  it('activates the plan and adds its credits once, however often it is asked at once', async () => {
    const before = (await remainingCredits(ctx, acme())) ?? 0;
    const results = await Promise.all(
      [1, 2, 3].map(() => send(who.admin, 'POST', `/invoice/${invoice.id}/paid`)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(json<One>(results[0]!).data).toMatchObject({ status: 'paid', number: invoice.number });
    const again = await send(who.admin, 'POST', `/invoice/${invoice.id}/paid`);
    expect(json<One>(again).data.status).toBe('paid');
    expect(await remainingCredits(ctx, acme())).toBe(before + 2000);
    const now = json<{ data: { active: PlanDetail | null; pending: PlanDetail | null } }>(
      await send(who.poc, 'GET', '/plan'),
    ).data;
    expect(now.active?.id).toBe(plan.id);
    expect(now.pending).toBeNull();
    expect((await send(who.poc, 'POST', `/invoice/${invoice.id}/paid`)).statusCode).toBe(403);
  });

  it('voids the invoice of a plan given up; a void invoice is never paid', async () => {
    await pendingPlan('Acme Given Up');
    const open = json<One>(await send(who.poc, 'POST', '/payment/manual', {})).data;
    const before = await remainingCredits(ctx, acme());
    await pendingPlan('Acme Instead'); // cancels 'Acme Given Up', in the same transaction
    const [row] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, open.id));
    expect(row?.status).toBe('void');
    const voided = await send(who.admin, 'POST', `/invoice/${open.id}/paid`);
    expect(voided.statusCode).toBe(409);
    expect(json(voided).message).toBe('A void invoice cannot be marked paid');
    expect(await remainingCredits(ctx, acme())).toBe(before);
    // The plan chosen instead gets its own invoice, the next number.
    const next = json<One>(await send(who.poc, 'POST', '/payment/manual', {})).data;
    expect(next).toMatchObject({ status: 'open', planName: 'Acme Instead' });
    expect(next.number > open.number).toBe(true);
  });

  it('refuses an open invoice whose plan no longer waits, changing nothing', async () => {
    // A plan activated some other way (a card) while its open invoice stayed behind.
    const open = json<One>(await send(who.poc, 'POST', '/payment/manual', {})).data;
    await ctx.database.db
      .update(plans)
      .set({ status: 'replaced' })
      .where(eq(plans.id, open.planId ?? ''));
    const res = await send(who.admin, 'POST', `/invoice/${open.id}/paid`);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(
      'The plan of this invoice is no longer waiting for payment; nothing was changed',
    );
    const [row] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, open.id));
    expect(row?.status).toBe('open');
  });
});

describe('numbering', () => {
  it('is sequential and unique under concurrent issues, and a rolled-back issue leaves no gap', async () => {
    const db = ctx.database.db;
    const issue = createIssuer({
      locations: createLocationsModule().service,
      now: ctx.clock.now,
      prefix: 'TST',
      sellerName: 'Parley',
      paymentDetails: '',
    });
    const orgId = who.outsider.user.organizationId;
    const rows = await db
      .insert(plans)
      .values(
        Array.from({ length: 8 }, (_, i) => ({
          organizationId: orgId,
          name: `Load ${i}`,
          status: 'pending',
          totalMinor: 1000 + i,
        })),
      )
      .returning();
    const issued = await Promise.all(
      [...rows, ...rows].map((p) =>
        issue(db, { organizationId: orgId, planId: p.id, method: 'manual', paid: false }),
      ),
    );
    // Each plan once (asking twice answers its open invoice), numbers 1..8 with no gap.
    const numbers = [...new Set(issued.map((i) => i.number))].sort();
    const year = ctx.clock.now().getUTCFullYear();
    expect(numbers).toEqual(
      Array.from({ length: 8 }, (_, i) => `TST-${year}-${String(i + 1).padStart(6, '0')}`),
    );
    const [extra] = await db
      .insert(plans)
      .values({ organizationId: orgId, name: 'Rolled back', status: 'pending', totalMinor: 5 })
      .returning();
    await expect(
      db.transaction(async (tx) => {
        await issue(tx, {
          organizationId: orgId,
          planId: extra!.id,
          method: 'manual',
          paid: false,
        });
        throw new Error('the payment failed after issuing');
      }),
    ).rejects.toThrow('the payment failed');
    const next = await issue(db, {
      organizationId: orgId,
      planId: extra!.id,
      method: 'card',
      paid: true,
      externalId: 'pi_123',
    });
    expect(next.number).toBe(`TST-${year}-000009`);
    expect(next.status).toBe('paid');
    const twice = await issue(db, {
      organizationId: orgId,
      planId: extra!.id,
      method: 'card',
      paid: true,
      externalId: 'pi_123',
    });
    expect(twice.id).toBe(next.id);
    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(eq(invoices.planId, extra!.id));
    expect(n).toBe(1);
    // A plan given up in the meantime gets no invoice to pay, and takes no number.
    const [gone] = await db
      .insert(plans)
      .values({ organizationId: orgId, name: 'Given up', status: 'cancelled', totalMinor: 5 })
      .returning();
    await expect(
      issue(db, { organizationId: orgId, planId: gone!.id, method: 'manual', paid: false }),
    ).rejects.toMatchObject({ statusCode: 409 });
    const [{ last } = { last: 0 }] = await db
      .select({ last: invoiceSequences.last })
      .from(invoiceSequences)
      .where(eq(invoiceSequences.series, `TST-${year}`));
    expect(last).toBe(9);
  });
});
