import { describe, expect, it } from 'vitest';
import type {
  Bundle,
  BundleSelection,
  CreditSlab,
  Feature,
  PlanDetail,
  Subscription,
} from '@parley/contracts';
import { ctx, useSignedInApp } from '../../test/app-kit.js';
import { call, json, type SignedIn } from '../../test/context.js';
import { createPlansRepo } from './plans-repo.js';

const who = useSignedInApp(['admin', 'poc', 'member', 'outsider']);
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const send = (s: SignedIn, method: Method, path: string, payload?: object | null) =>
  call(ctx, method, path, {
    token: s.accessToken,
    ...(payload !== undefined ? { payload: payload ?? undefined } : {}),
  });
type Plans = { active: PlanDetail | null; pending: PlanDetail | null };
const plansOf = async (s: SignedIn) => json<{ data: Plans }>(await send(s, 'GET', '/plan')).data;

async function bundleId(name: string): Promise<string> {
  const all = json<{ data: Bundle[] }>(await send(who.admin, 'GET', '/bundle')).data;
  const found = all.find((b) => b.name === name);
  if (!found) throw new Error(`no bundle ${name}`);
  return found.id;
}
async function slabId(credits: number): Promise<string> {
  const all = json<{ data: CreditSlab[] }>(await send(who.admin, 'GET', '/credit-slab')).data;
  const found = all.find((s) => s.credits === credits);
  if (!found) throw new Error(`no slab of ${credits}`);
  return found.id;
}
async function featureAvailable(s: SignedIn, name: string): Promise<boolean | undefined> {
  const list = json<{ name: string; available: boolean }[]>(await send(s, 'GET', '/auth/features'));
  return list.find((f) => f.name === name)?.available;
}

describe('choosing bundles and a credit slab (bundle/user)', () => {
  it('prices the selection on the server: distinct features, slab less its discount', async () => {
    const res = await send(who.poc, 'PATCH', '/bundle/user', {
      bundleIds: [await bundleId('Essentials'), await bundleId('Sales Suite')],
      creditSlabId: await slabId(2000),
    });
    expect(res.statusCode).toBe(200);
    const selection = json<{ data: BundleSelection }>(res).data;
    // 49 + 99 for the bundles, 200 for the slab; 10% off the slab.
    expect(selection.totalPrice).toEqual({ amount: '348.00', minor: 34800, currency: 'USD' });
    expect(selection.discount.amount).toBe('20.00');
    expect(selection.discountedPrice.amount).toBe('328.00');
    expect(selection.bundles.map((b) => b.name)).toEqual(['Essentials', 'Sales Suite']);
    expect(selection.bundles[0]?.features.map((f) => f.name)).toContain('Zai Assistance');
    expect(
      json<{ data: BundleSelection }>(await send(who.poc, 'GET', '/bundle/user')).data,
    ).toEqual(selection);
  });

  it('refuses a bundle that is not on sale, keeping the previous selection', async () => {
    const res = await send(who.poc, 'PATCH', '/bundle/user', {
      bundleIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe('A chosen bundle is no longer on sale');
    const kept = json<{ data: BundleSelection }>(await send(who.poc, 'GET', '/bundle/user')).data;
    expect(kept.bundles).toHaveLength(2);
    expect((await send(who.member, 'PATCH', '/bundle/user', { bundleIds: [] })).statusCode).toBe(
      403,
    );
  });
});

describe('a paid plan (POST plan {name, creditsToAddForAutoPay})', () => {
  it('is created (201) pending its payment; the active plan and its features stay', async () => {
    const before = await plansOf(who.poc);
    expect(before).toMatchObject({
      active: { name: 'Acme Growth', status: 'active' },
      pending: null,
    });
    const res = await send(who.poc, 'POST', '/plan', {
      name: 'Acme Scale',
      creditsToAddForAutoPay: 500,
    });
    expect(res.statusCode).toBe(201);
    const plan = json<{ data: PlanDetail }>(res).data;
    expect(plan).toMatchObject({
      name: 'Acme Scale',
      type: 'subscription',
      status: 'pending',
      discountedPrice: { amount: '328.00' },
      lastPaymentCredits: 2000,
      autoPayCredits: 500,
      activatedAt: null,
    });
    expect(plan.currentBundles.map((b) => b.name)).toEqual(['Essentials', 'Sales Suite']);
    const after = await plansOf(who.poc);
    expect(after.active?.id).toBe(before.active?.id);
    expect(after.active?.remainingCredits).toBe(before.active?.remainingCredits);
    expect(after.pending?.id).toBe(plan.id);
    expect(await featureAvailable(who.poc, 'HR Workflow')).toBe(false);

    // Asking again replaces the waiting plan: one pending plan at a time.
    const again = json<{ data: PlanDetail }>(
      await send(who.poc, 'POST', '/plan', { name: 'Acme Scale 2' }),
    ).data;
    const own = json<{ data: PlanDetail[]; count: number }>(
      await send(who.poc, 'GET', '/plan/subscription'),
    );
    expect(own.count).toBe(3);
    expect(own.data.map((p) => [p.name, p.status])).toEqual([
      ['Acme Scale 2', 'pending'],
      ['Acme Scale', 'cancelled'],
      ['Acme Growth', 'active'],
    ]);
    expect((await plansOf(who.poc)).pending?.id).toBe(again.id);
  });

  it('is activated once by its payment, adding the slab’s credits to what was left', async () => {
    const { active, pending } = await plansOf(who.poc);
    if (!active || !pending) throw new Error('expected an active and a pending plan');
    const repo = createPlansRepo(ctx.database.db);
    // A payment confirmation delivered three times at once.
    const results = await Promise.all([1, 2, 3].map(() => repo.activate(pending.id, new Date())));
    expect(results.filter(Boolean)).toHaveLength(1);
    const now = await plansOf(who.poc);
    expect(now.pending).toBeNull();
    expect(now.active).toMatchObject({
      id: pending.id,
      status: 'active',
      remainingCredits: active.remainingCredits + 2000,
    });
    const me = json<{ plan: { id: string } }>(await send(who.poc, 'GET', '/auth/me'));
    expect(me.plan.id).toBe(pending.id);
  });

  it('refuses a paid plan without bundles, and for the platform organisation', async () => {
    const none = await send(who.outsider, 'POST', '/plan', { name: 'Nothing' });
    expect(none.statusCode).toBe(400);
    expect(json(none).message).toBe('Choose at least one bundle');
    const platform = await send(who.admin, 'POST', '/plan', { name: 'Ours' });
    expect(platform.statusCode).toBe(409);
    expect((await send(who.member, 'POST', '/plan', { name: 'x' })).statusCode).toBe(403);
  });

  it('with nothing to pay, is the organisation’s plan at once and unlocks its features', async () => {
    // A free trial bundle: the super admin makes Sales Coaching free and bundles it.
    const features = json<{ data: Feature[] }>(await send(who.admin, 'GET', '/feature')).data;
    const coaching = features.find((f) => f.name === 'Sales Coaching');
    await send(who.admin, 'PATCH', `/feature/${coaching?.id}`, { price: 0 });
    const trial = json<Bundle>(
      await send(who.admin, 'POST', '/bundle', {
        name: 'Coaching Trial',
        featureIds: [coaching?.id],
      }),
    );
    const freeSlab = json<CreditSlab>(
      await send(who.admin, 'POST', '/credit-slab', { credits: 100, price: 0 }),
    );
    const before = await plansOf(who.outsider);
    expect(before.active?.type).toBe('free');
    expect(await featureAvailable(who.outsider, 'Sales Coaching')).toBe(false);

    await send(who.outsider, 'PATCH', '/bundle/user', {
      bundleIds: [trial.id],
      creditSlabId: freeSlab.id,
    });
    const res = await send(who.outsider, 'POST', '/plan', { name: 'Trial' });
    expect(res.statusCode).toBe(201);
    expect(json<{ data: PlanDetail }>(res).data).toMatchObject({
      status: 'active',
      discountedPrice: { minor: 0 },
      remainingCredits: (before.active?.remainingCredits ?? 0) + 100,
    });
    expect(await featureAvailable(who.outsider, 'Sales Coaching')).toBe(true);
    // The trial bundle is in a plan now: it cannot be deleted.
    expect((await send(who.admin, 'DELETE', `/bundle/${trial.id}`)).statusCode).toBe(409);
  });
});

describe('the free plan, auto-pay, invoices and every organisation’s plans', () => {
  it('POST plan {} is 409 for an organisation that has a plan', async () => {
    const res = await send(who.poc, 'POST', '/plan', {});
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('Your organization already has a plan');
  });

  it('PATCH plan sets the credits auto-pay buys', async () => {
    const res = await send(who.poc, 'PATCH', '/plan', { credits: 250 });
    expect(res.statusCode).toBe(200);
    expect(json<{ data: PlanDetail }>(res).data).toMatchObject({
      status: 'active',
      autoPayCredits: 250,
    });
    expect((await send(who.poc, 'PATCH', '/plan', { credits: -1 })).statusCode).toBe(400);
  });

  it('lists no invoices before any is issued', async () => {
    for (const path of ['/plan/invoices', '/plan/organization/invoices']) {
      expect(json(await send(who.poc, 'GET', path))).toEqual({ data: [], count: 0 });
    }
  });

  it('shows the super admin every organisation’s plans, searched and sorted', async () => {
    const res = await send(who.admin, 'GET', '/subscription/query?search=acme&sort=name:asc');
    const page = json<{ data: Subscription[]; count: number }>(res);
    expect(page.count).toBe(3);
    expect(page.data.map((s) => [s.name, s.status])).toEqual([
      ['Acme Growth', 'replaced'],
      ['Acme Scale', 'cancelled'],
      ['Acme Scale 2', 'active'],
    ]);
    expect(page.data[2]).toMatchObject({
      organizationName: 'Acme Corp',
      bundles: ['Essentials', 'Sales Suite'],
      discountedPrice: { amount: '328.00' },
    });
    expect((await send(who.poc, 'GET', '/subscription/query')).statusCode).toBe(403);
  });
});
