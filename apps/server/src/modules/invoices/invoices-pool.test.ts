import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Invoice, InvoiceSeller, InvoiceSummary, PlanDetail } from '@parley/contracts';
import { invoices } from '../../platform/db/schema.js';
import { ctx } from '../../test/app-kit.js';
import { useInvoicesApp } from '../../test/invoices-kit.js';
import { json } from '../../test/context.js';
import { remainingCredits } from '../../test/plans-kit.js';

/**
 * Issue 17 invoices beyond the team's bank transfer: the talent pool's plan and purchases, tax
 * and the seller's notice, and an invoice kept after its organisation is deleted.
 */
const { who, send, pdfText, bundleId, download } = useInvoicesApp();
type One = { data: Invoice; message: string };

describe('the talent pool’s plan (plan/b2c, payment/b2c/manual)', () => {
  it('starts the free plan (201) once; others are refused', async () => {
    const first = await send(who.seeker, 'POST', '/plan/b2c', {});
    expect(first.statusCode).toBe(201);
    const started = json<{ data: PlanDetail }>(first).data;
    expect(started).toMatchObject({ type: 'free', status: 'active' });
    const second = await send(who.seeker, 'POST', '/plan/b2c');
    expect(second.statusCode).toBe(201);
    expect(json<{ data: PlanDetail }>(second).data.id).toBe(started.id);
    const poc = await send(who.poc, 'POST', '/plan/b2c', {});
    expect(poc.statusCode).toBe(403);
    expect(json(poc).message).toBe('Only talent-pool accounts have a talent-pool plan');
    // Refused before the body is read: the same answer with no body at all.
    expect((await send(who.poc, 'PATCH', '/plan/b2c')).statusCode).toBe(403);
    const patched = await send(who.seeker, 'PATCH', '/plan/b2c', { credits: 100 });
    expect(json<{ data: PlanDetail }>(patched).data.autoPayCredits).toBe(100);
    expect((await send(who.poc, 'PATCH', '/plan/b2c', { credits: 1 })).statusCode).toBe(403);
  });

  it('invoices a credit slab to pay by transfer; once paid the credits are added and every feature kept', async () => {
    const poolId = who.seeker.user.organizationId;
    // The seeker's own balance (spec 3 §6): the pool's members each have theirs.
    const seekerCredits = () => remainingCredits(ctx, poolId, who.seeker.user.id);
    const before = (await seekerCredits()) ?? 0;
    const unknown = await send(who.seeker, 'POST', '/payment/b2c/manual', {
      name: 'More',
      credits: 7,
    });
    expect(unknown.statusCode).toBe(400);
    const res = await send(who.seeker, 'POST', '/payment/b2c/manual', {
      name: 'Practice credits',
      credits: 2000,
    });
    expect(res.statusCode).toBe(201);
    const b2c = json<One>(res).data;
    expect(b2c).toMatchObject({ status: 'open', total: { amount: '180.00' } });
    expect((await send(who.admin, 'POST', `/invoice/${b2c.id}/paid`)).statusCode).toBe(200);
    expect(await seekerCredits()).toBe(before + 2000);
    const features = json<{ name: string; available: boolean }[]>(
      await send(who.seeker, 'GET', '/auth/features'),
    );
    expect(features.every((f) => f.available)).toBe(true);
    expect(
      (await send(who.poc, 'POST', '/payment/b2c/manual', { name: 'x', credits: 2000 })).statusCode,
    ).toBe(403);
  });
});

describe('tax and the seller (Enterprise Management)', () => {
  type Seller = { data: InvoiceSeller };
  const parameterId = async (key: string) => {
    const page = json<{ data: { id: string; key: string }[] }>(
      await send(who.admin, 'GET', `/parameter?search=${key}&size=100`),
    );
    return page.data.find((p) => p.key === key)?.id;
  };

  it('says when the seller has no address, and applies the tax parameter (prices include it)', async () => {
    const before = json<Seller>(await send(who.admin, 'GET', '/invoice/seller')).data;
    expect(before).toMatchObject({ hasAddress: false, tax: null, seller: { lines: [] } });
    expect((await send(who.poc, 'GET', '/invoice/seller')).statusCode).toBe(403);

    // The rate is a known parameter: a value that is not 0–10000 is refused, nothing saved.
    const rateId = await parameterId('TAX_RATE_BASIS_POINTS');
    const bad = await send(who.admin, 'PATCH', `/parameter/${rateId}`, { value: '20%' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('TAX_RATE_BASIS_POINTS must be a whole number from 0 to 10000');
    expect(
      (await send(who.admin, 'PATCH', `/parameter/${rateId}`, { value: '2000' })).statusCode,
    ).toBe(200);
    expect(
      (await send(who.admin, 'POST', '/parameter', { key: 'TAX_LABEL', value: 'VAT' })).statusCode,
    ).toBe(201);
    const platform = before.platformOrganizationId;
    expect(platform).toBe(who.admin.user.organizationId);
    const saved = await send(who.admin, 'PATCH', `/organization/${platform}`, {
      billingAddress: {
        addressLine1: '9 Seller Row',
        countryId: 233,
        stateId: 1416,
        cityId: 120784,
        zipcode: '90013',
      },
    });
    expect(saved.statusCode).toBe(200);
    const after = json<Seller>(await send(who.admin, 'GET', '/invoice/seller')).data;
    expect(after).toMatchObject({ hasAddress: true, tax: { label: 'VAT', rateBasisPoints: 2000 } });
    expect(after.seller.lines[0]).toBe('9 Seller Row');

    // $180.00 with 20 % VAT included: $150.00 net and $30.00 tax.
    const res = await send(who.seeker, 'POST', '/payment/b2c/manual', {
      name: 'Taxed credits',
      credits: 2000,
    });
    expect(res.statusCode).toBe(201);
    const taxed = json<One>(res).data;
    expect(taxed).toMatchObject({
      total: { minor: 18000 },
      subtotal: { minor: 15000 },
      tax: { minor: 3000 },
      taxes: [{ name: 'VAT', rateBasisPoints: 2000, amountMinor: 3000 }],
      seller: { lines: ['9 Seller Row', 'Los Angeles, California 90013', 'United States'] },
    });
    const { file } = await download(who.admin, taxed.id);
    const text = await pdfText(file?.rawPayload ?? Buffer.alloc(0));
    expect(text).toContain('VAT (20.00%)');
    expect(text).toContain('Subtotal (excl. VAT)');
    expect(text).toContain('9 Seller Row');
  });
});

describe('an invoice outlives the organisation it was issued to', () => {
  it('keeps the buyer copied at issue; only the super admin reads it then', async () => {
    await send(who.outsider, 'PATCH', '/bundle/user', {
      bundleIds: [await bundleId('Essentials')],
      creditSlabId: null,
    });
    expect(
      (await send(who.outsider, 'POST', '/plan', { name: 'Elsewhere Start' })).statusCode,
    ).toBe(201);
    const issued = json<One>(await send(who.outsider, 'POST', '/payment/manual', {})).data;
    const org = who.outsider.user.organizationId;
    const removal = await send(who.admin, 'DELETE', `/organization/${org}`, {
      confirmName: 'Elsewhere',
    });
    expect(removal.statusCode).toBe(200);
    // What the removal job ends with (organisations repo purge): the row goes, and with it
    // (ON DELETE CASCADE) its users and plans; the invoice stays.
    await ctx.database.db.execute(sql`DELETE FROM organizations WHERE id = ${org}`);

    const [kept] = await ctx.database.db.select().from(invoices).where(eq(invoices.id, issued.id));
    expect(kept).toMatchObject({ organizationId: null, planId: null, number: issued.number });
    expect(kept?.buyer).toEqual(issued.buyer);
    const found = json<{ data: InvoiceSummary[] }>(
      await send(who.admin, 'GET', `/invoice/query?search=${issued.number}`),
    ).data;
    expect(found).toEqual([
      expect.objectContaining({
        id: issued.id,
        organizationId: null,
        organizationName: 'Elsewhere',
      }),
    ]);
    const { status, file } = await download(who.admin, issued.id);
    expect(status).toBe(200);
    expect(await pdfText(file?.rawPayload ?? Buffer.alloc(0))).toContain(issued.number);
    // Nobody else: no other organisation's scope reaches it.
    expect((await send(who.poc, 'GET', `/invoice/download/${issued.id}`)).statusCode).toBe(404);
  });
});
