import { describe, expect, it } from 'vitest';
import type { Bundle, CreditSlab, Feature } from '@parley/contracts';
import { ctx, useSignedInApp } from '../../test/app-kit.js';
import { call, json, type SignedIn } from '../../test/context.js';
import { grantBundle } from '../../test/plans-kit.js';

const who = useSignedInApp(['admin', 'poc']);
const as = (s: SignedIn) => ({ token: s.accessToken });
const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
  call(ctx, method, path, { ...as(who.admin), ...(payload ? { payload } : {}) });
type Page<T> = { data: T[]; count: number };

describe('features (spec 3 §7 Features)', () => {
  it('converts the price to a decimal, stored in minor units, on create and update', async () => {
    const created = await admin('POST', '/feature', {
      name: 'Call Scoring',
      description: 'Scores each call',
      url: 'https://example.com/scoring',
      price: '12.5',
    });
    expect(created.statusCode).toBe(201);
    const feature = json<Feature>(created);
    expect(feature.price).toEqual({ amount: '12.50', minor: 1250, currency: 'USD' });

    const patched = await admin('PATCH', `/feature/${feature.id}`, { price: 0.1 + 0.2 });
    expect(json<Feature>(patched).price).toEqual({ amount: '0.30', minor: 30, currency: 'USD' });
    expect(json<Feature>(patched).name).toBe('Call Scoring');

    const bad = await admin('PATCH', `/feature/${feature.id}`, { price: '12,50' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe('price must be an amount such as 12.50');
    const dup = await admin('POST', '/feature', { name: 'Base', price: 1 });
    expect(dup.statusCode).toBe(409);
    expect(json(dup).message).toBe('A feature named Base exists already');

    expect((await admin('DELETE', `/feature/${feature.id}`)).statusCode).toBe(200);
    expect((await admin('DELETE', `/feature/${feature.id}`)).statusCode).toBe(404);
  });

  it('counts, searches, sorts and pages', async () => {
    expect(json(await admin('GET', '/feature/count'))).toEqual({ count: 15 });
    const page = json<Page<Feature>>(await admin('GET', '/feature/query?size=3&sort=price:desc'));
    expect(page.count).toBe(15);
    // Seeded prices: Sales Coaching and HR Workflow 40.00, Sales Intelligence 39.00.
    expect(page.data.map((f) => f.price.amount)).toEqual(['40.00', '40.00', '39.00']);
    const second = json<Page<Feature>>(
      await admin('GET', '/feature/query?size=3&page=1&sort=price:desc'),
    );
    expect(second.data.map((f) => f.name)).not.toContain(page.data[0]?.name);
    const found = json<Page<Feature>>(await admin('GET', '/feature/query?search=emotion'));
    expect(found).toMatchObject({ count: 1, data: [{ name: 'Facial Emotions' }] });
    const bad = await admin('GET', '/feature/query?sort=url:asc');
    expect(bad.statusCode).toBe(400);
  });

  it('refuses to delete a feature a bundle holds, naming the bundle', async () => {
    const all = json<{ data: Feature[] }>(await admin('GET', '/feature')).data;
    const base = all.find((f) => f.name === 'Base');
    const res = await admin('DELETE', `/feature/${base?.id}`);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(
      'This feature is in Essentials; remove it from that bundle first',
    );
    expect(json(await admin('GET', '/feature/count'))).toEqual({ count: 15 });
  });
});

describe('bundles (spec 3 §7 Bundles)', () => {
  async function featureIds(...names: string[]) {
    const all = json<{ data: Feature[] }>(await admin('GET', '/feature')).data;
    return names.map((n) => all.find((f) => f.name === n)?.id ?? 'missing');
  }

  it('creates a bundle priced by its features, edits it, and deletes it when unused', async () => {
    const created = await admin('POST', '/bundle', {
      name: 'Face Pack',
      description: 'Faces only',
      featureIds: await featureIds('Facial Emotions', 'Head Pose'),
    });
    expect(created.statusCode).toBe(201);
    const bundle = json<Bundle>(created);
    expect(bundle).toMatchObject({ name: 'Face Pack', isActive: true, planCount: 0 });
    expect(bundle.features.map((f) => f.name)).toEqual(['Facial Emotions', 'Head Pose']);
    expect(bundle.price).toEqual({ amount: '22.00', minor: 2200, currency: 'USD' });

    const patched = await admin('PATCH', `/bundle/${bundle.id}`, {
      featureIds: await featureIds('Head Pose'),
      isActive: false,
    });
    expect(json<Bundle>(patched)).toMatchObject({
      description: 'Faces only',
      isActive: false,
      price: { amount: '10.00' },
    });
    const active = json<{ data: Bundle[] }>(
      await call(ctx, 'GET', '/bundle/active', as(who.poc)),
    ).data;
    expect(active.map((b) => b.name)).not.toContain('Face Pack');
    expect(active.map((b) => b.name)).toContain('Essentials');

    const unknown = await admin('POST', '/bundle', {
      name: 'Ghost',
      featureIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(400);
    expect((await admin('POST', '/bundle', { name: 'Empty', featureIds: [] })).statusCode).toBe(
      400,
    );
    expect((await admin('DELETE', `/bundle/${bundle.id}`)).statusCode).toBe(200);
    expect(json(await admin('GET', '/bundle/count'))).toEqual({ count: 3 });
  });

  it('refuses to delete a bundle a plan holds: 409, nothing changed', async () => {
    const page = json<Page<Bundle>>(await admin('GET', '/bundle/query?search=sales'));
    const suite = page.data[0];
    expect(suite).toMatchObject({ name: 'Sales Suite', planCount: 1 }); // the demo plan's
    const res = await admin('DELETE', `/bundle/${suite?.id}`);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe(
      'This bundle is part of 1 plan and cannot be deleted; make it inactive instead',
    );
    const after = json<Page<Bundle>>(await admin('GET', '/bundle/query?search=sales'));
    expect(after.data[0]).toEqual(suite);
  });

  it('sorts bundles by name both ways', async () => {
    const asc = json<Page<Bundle>>(await admin('GET', '/bundle/query?sort=name:asc'));
    expect(asc.data.map((b) => b.name)).toEqual([
      'Essentials',
      'Interview Intelligence',
      'Sales Suite',
    ]);
    const desc = json<Page<Bundle>>(await admin('GET', '/bundle/query?sort=name:desc&size=1'));
    expect(desc).toMatchObject({ count: 3, data: [{ name: 'Sales Suite' }] });
  });
});

describe('credit slabs (spec 3 §7 Credit slabs)', () => {
  it('creates, lists, updates and deletes slabs with their discounted price', async () => {
    const created = await admin('POST', '/credit-slab', {
      credits: 750,
      price: 99.99,
      discount: 15,
    });
    expect(created.statusCode).toBe(201);
    const slab = json<CreditSlab>(created);
    expect(slab).toMatchObject({
      credits: 750,
      price: { amount: '99.99', minor: 9999 },
      discount: 15,
      discountedPrice: { amount: '84.99', minor: 8499 }, // 9999 - 1500 (14.9985 rounded)
    });
    expect((await admin('POST', '/credit-slab', { credits: 750, price: 1 })).statusCode).toBe(409);

    const byCredits = json<Page<CreditSlab>>(
      await admin('GET', '/credit-slab/query?sort=credits:asc'),
    );
    expect(byCredits.data.map((s) => s.credits)).toEqual([500, 750, 2000, 5000]);
    expect(json<Page<CreditSlab>>(await admin('GET', '/credit-slab/query?search=75')).count).toBe(
      1,
    );

    const off = await admin('PATCH', `/credit-slab/${slab.id}`, { isActive: false });
    expect(json<CreditSlab>(off)).toMatchObject({ isActive: false, discount: 15 });
    const onSale = json<{ data: CreditSlab[] }>(
      await call(ctx, 'GET', '/credit-slab/active', as(who.poc)),
    ).data;
    expect(onSale.map((s) => s.credits)).toEqual([500, 2000, 5000]);

    expect((await admin('DELETE', `/credit-slab/${slab.id}`)).statusCode).toBe(200);
    expect(json(await admin('GET', '/credit-slab/count'))).toEqual({ count: 3 });
    expect((await admin('PATCH', '/credit-slab/not-an-id', { credits: 1 })).statusCode).toBe(404);
  });

  it('is the super admin’s alone', async () => {
    const res = await call(ctx, 'POST', '/credit-slab', {
      ...as(who.poc),
      payload: { credits: 10, price: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect((await call(ctx, 'GET', '/feature/count', as(who.poc))).statusCode).toBe(403);
  });
});

describe('bundles and plans', () => {
  it('a bundle granted to a plan counts as in use', async () => {
    await grantBundle(ctx, who.poc.user.organizationId, 'Interview Intelligence');
    const page = json<Page<Bundle>>(await admin('GET', '/bundle/query?search=interview'));
    expect(page.data[0]?.planCount).toBe(1);
  });
});
