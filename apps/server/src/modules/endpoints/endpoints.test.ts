import { describe, expect, it } from 'vitest';
import { ENDPOINT_MESSAGES as M, collectRoutes, routeKey, type Endpoint } from '@parley/contracts';
import * as contracts from '@parley/contracts';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { call, json, expectRefusal } from '../../test/context.js';
import { createEndpointsModule } from './index.js';
import { createEndpointsRepo } from './repo.js';
import { createEndpointsService } from './service.js';

let admin: string;
let poc: string;
let member: string;
useTestApp(async ({ as }) => {
  admin = (await as('admin')).accessToken;
  poc = (await as('poc')).accessToken;
  member = (await as('member')).accessToken;
});

const authenticated = collectRoutes(contracts).filter((r) => r.auth);
const all = async () =>
  json<{ endpoints: Endpoint[] }>(await call(ctx, 'GET', '/endpoint', { token: admin })).endpoints;
const find = async (key: string) => {
  const found = (await all()).find((e) => routeKey(e) === key);
  if (!found) throw new Error(`${key} is not in the catalogue`);
  return found;
};

describe('the endpoint catalogue (spec 3 §3 Endpoint)', () => {
  it('holds one record per authenticated route of the contracts, with its permission', async () => {
    const records = await all();
    expect(records.map(routeKey).sort()).toEqual(authenticated.map(routeKey).sort());
    const meeting = await find('GET /meeting/:meetingId');
    expect(meeting).toMatchObject({
      permission: 'meetings.read',
      defaultPermission: 'meetings.read',
      overridden: false,
      summary: 'One meeting',
      tags: ['meetings'],
    });
    const count = json<{ count: number }>(
      await call(ctx, 'GET', '/endpoint/count', { token: admin }),
    );
    expect(count.count).toBe(authenticated.length);
  });

  it('pages, searches and sorts', async () => {
    const res = await call(
      ctx,
      'GET',
      '/endpoint/query?search=zai-settings&sort=method:asc&size=1',
      {
        token: admin,
      },
    );
    const page = json<{ endpoints: Endpoint[]; count: number }>(res);
    expect(page.count).toBe(2);
    expect(page.endpoints.map(routeKey)).toEqual(['GET /zai-settings/:organizationId']);
    const next = json<{ endpoints: Endpoint[] }>(
      await call(ctx, 'GET', '/endpoint/query?search=zai-settings&sort=method:asc&size=1&page=1', {
        token: admin,
      }),
    );
    expect(next.endpoints.map(routeKey)).toEqual(['PATCH /zai-settings/:organizationId']);
  });

  it('is the super admin’s', async () => {
    for (const token of [poc, member]) {
      expect((await call(ctx, 'GET', '/endpoint/query', { token })).statusCode).toBe(403);
    }
  });

  it('enforces a changed permission at once, and the contract’s again when the record goes', async () => {
    const route = await find('GET /tag');
    expect((await call(ctx, 'GET', '/tag', { token: poc })).statusCode).toBe(200);
    const changed = await call(ctx, 'PATCH', `/endpoint/${route.id}`, {
      token: admin,
      payload: { permission: 'platform.manage' },
    });
    expect(json<Endpoint>(changed)).toMatchObject({
      permission: 'platform.manage',
      overridden: true,
    });
    expect((await call(ctx, 'GET', '/tag', { token: poc })).statusCode).toBe(403);

    const removed = await call(ctx, 'DELETE', `/endpoint/${route.id}`, { token: admin });
    expect(json(removed)).toEqual({ message: M.reset });
    expect((await call(ctx, 'GET', '/tag', { token: poc })).statusCode).toBe(200);

    const recreated = await call(ctx, 'POST', '/endpoint', {
      token: admin,
      payload: { method: 'GET', path: '/tag' },
    });
    expect(recreated.statusCode).toBe(201);
    expect(json<Endpoint>(recreated)).toMatchObject({
      permission: 'prompts.manage',
      overridden: false,
    });
  });

  it('refuses what is not a route, a route already there, and lowering a platform route', async () => {
    const notARoute = await call(ctx, 'POST', '/endpoint', {
      token: admin,
      payload: { method: 'GET', path: '/made/up' },
    });
    expectRefusal(notARoute, 400, M.notARoute('GET /made/up'));
    const twice = await call(ctx, 'POST', '/endpoint', {
      token: admin,
      payload: { method: 'GET', path: '/meeting/:meetingId' },
    });
    expectRefusal(twice, 409, M.exists('GET /meeting/:meetingId'));
    const platform = await find('DELETE /organization/:organizationId');
    const lowered = await call(ctx, 'PATCH', `/endpoint/${platform.id}`, {
      token: admin,
      payload: { permission: 'meetings.read' },
    });
    expectRefusal(lowered, 400, M.platformOnly);
    const unknown = await call(ctx, 'PATCH', '/endpoint/not-an-id', {
      token: admin,
      payload: { permission: 'meetings.read' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('syncs from the contracts: drops removed routes, keeps overrides, adds new ones', async () => {
    const highlights = await find('POST /highlights');
    await call(ctx, 'PATCH', `/endpoint/${highlights.id}`, {
      token: admin,
      payload: { permission: 'prompts.manage' },
    });
    // A release whose contracts dropped one route and reworded another.
    const next = collectRoutes(contracts)
      .filter((r) => routeKey(r) !== 'GET /tag')
      .map((r) => (routeKey(r) === 'GET /models' ? { ...r, summary: 'Reworded' } : r));
    const repo = createEndpointsRepo(ctx.database.db);
    await createEndpointsService({ repo, routes: next }).sync();
    const keys = (await all()).map(routeKey);
    expect(keys).not.toContain('GET /tag');
    expect(keys).toHaveLength(authenticated.length - 1);
    expect(await find('GET /models')).toMatchObject({ summary: 'Reworded' });
    expect(await find('POST /highlights')).toMatchObject({
      permission: 'prompts.manage',
      defaultPermission: 'meetings.manage',
      overridden: true,
    });

    // The current contracts again: the route is back, with its own summary.
    await createEndpointsModule({ db: ctx.database.db }).sync();
    expect((await all()).map(routeKey)).toContain('GET /tag');
    expect(await find('GET /models')).toMatchObject({ summary: 'Every model in the catalogue' });
    await call(ctx, 'DELETE', `/endpoint/${highlights.id}`, { token: admin });
  });
});
