import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@parley/contracts';
import { call, createTestContext, json, signIn, type TestContext } from '../../test/context.js';
import { registerRoute } from './route.js';

// A route gated on a feature the demo plan (Essentials + Sales Suite) leaves out, and one it has.
const biometricsProbe = defineRoute({
  method: 'GET',
  path: '/probe/biometrics',
  summary: 'probe',
  tags: ['test'],
  auth: true,
  permission: 'meetings.read',
  feature: 'Biometrics',
  response: z.object({ ok: z.boolean() }),
});
const coachingProbe = {
  ...biometricsProbe,
  path: '/probe/coaching',
  feature: 'Sales Coaching' as const,
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    routes: (api) => {
      registerRoute(api, biometricsProbe, async () => ({ ok: true }));
      registerRoute(api, coachingProbe, async () => ({ ok: true }));
    },
  });
});
afterAll(async () => ctx.close());

describe('feature gate on routes (spec 1 §6)', () => {
  it('refuses a feature outside the organisation’s bundles with 403', async () => {
    const poc = await signIn(ctx, 'poc@acme.parley.local');
    const refused = await call(ctx, 'GET', '/probe/biometrics', { token: poc.accessToken });
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'No Biometrics available',
    });
    const allowed = await call(ctx, 'GET', '/probe/coaching', { token: poc.accessToken });
    expect(allowed.statusCode).toBe(200);
  });

  it('treats a B2C organisation as having every feature', async () => {
    const seeker = await signIn(ctx, 'seeker@parley.local');
    expect(
      (await call(ctx, 'GET', '/probe/biometrics', { token: seeker.accessToken })).statusCode,
    ).toBe(200);
  });

  it('lists each feature with its availability for the caller', async () => {
    const user = await signIn(ctx, 'user@acme.parley.local');
    const res = await call(ctx, 'GET', '/auth/features', { token: user.accessToken });
    const list = json<{ name: string; available: boolean }[]>(res);
    expect(list).toHaveLength(15);
    const available = list
      .filter((f) => f.available)
      .map((f) => f.name)
      .sort();
    expect(available).toEqual(
      [
        'Avatar',
        'Base',
        'Sales Coaching',
        'Sales Intelligence',
        'Zai Assistance',
        'Zai Intelligence',
      ].sort(),
    );
  });
});
