import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanDetail, SessionUser } from '@parley/contracts';
import {
  call,
  createTestContext,
  json,
  signIn,
  signUp,
  type TestContext,
} from '../../test/context.js';
import { remainingCredits } from '../../test/plans-kit.js';
import { createBillingRepo } from './repo.js';
import { createBillingService } from './service.js';
import { createAccessCache } from '../../platform/access-cache.js';

/**
 * Spec 3 §6: individual (talent-pool) accounts have their own plan. Every seeker belongs to one
 * organisation, yet each has a balance of their own: the free plan's credits when they start,
 * their own analysis charged to it, and another seeker's use never drawing on it.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('per-seeker credits in the talent pool', () => {
  it('gives each seeker their own free plan and charges each one’s analysis to it alone', async () => {
    const ann = await signIn(ctx, 'seeker@parley.local');
    const sam = await signUp(ctx, 'sam.seeker@example.com', {
      firstName: 'Sam',
      lastName: 'Seeker',
      accountType: 'individual',
    });
    const pool = ann.user.organizationId;
    expect(sam.user.organizationId).toBe(pool);
    const free = ctx.config.env.FREE_MEETING_CREDITS;
    const poolBefore = await remainingCredits(ctx, pool);

    // Neither has a plan before their first interview or POST plan/b2c.
    expect(await remainingCredits(ctx, pool, ann.user.id)).toBeNull();
    const start = async (token: string) => {
      const res = await call(ctx, 'POST', '/plan/b2c', { token, payload: {} });
      expect(res.statusCode).toBe(201);
      return json<{ data: PlanDetail }>(res).data;
    };
    const [annPlan, samPlan] = await Promise.all([start(ann.accessToken), start(sam.accessToken)]);
    expect(annPlan.id).not.toBe(samPlan.id);
    expect([annPlan.remainingCredits, samPlan.remainingCredits]).toEqual([free, free]);
    // Starting again (or twice at once) keeps the one plan.
    const again = await Promise.all([start(ann.accessToken), start(ann.accessToken)]);
    expect(again.map((p) => p.id)).toEqual([annPlan.id, annPlan.id]);

    // The analysis pipeline charges the meeting's owner (worker: cutCreditsWithin).
    const billing = createBillingService(
      createBillingRepo(ctx.database.db),
      async () => free,
      createAccessCache({ ttlMs: 0 }),
    );
    const charged = await ctx.database.db.transaction((tx) =>
      billing.cutCreditsWithin(tx, pool, 4.5, ann.user.id),
    );
    expect(charged).toBe(true);
    expect(await remainingCredits(ctx, pool, ann.user.id)).toBe(free - 5);
    expect(await remainingCredits(ctx, pool, sam.user.id)).toBe(free);

    // Ann's balance runs out; Sam's credits are not hers to draw.
    await expect(billing.assertCredits(pool, free, ann.user.id)).rejects.toMatchObject({
      statusCode: 402,
    });
    const refused = await ctx.database.db.transaction((tx) =>
      billing.cutCreditsWithin(tx, pool, free, ann.user.id),
    );
    expect(refused).toBe(false);
    await expect(billing.assertCredits(pool, free, sam.user.id)).resolves.toBeUndefined();
    expect(await remainingCredits(ctx, pool, sam.user.id)).toBe(free);

    // Each sees their own balance: GET plan, and the session's plan.
    const planOf = async (token: string) =>
      json<{ data: { active: PlanDetail | null } }>(await call(ctx, 'GET', '/plan', { token })).data
        .active;
    expect(await planOf(ann.accessToken)).toMatchObject({
      id: annPlan.id,
      remainingCredits: free - 5,
    });
    expect(await planOf(sam.accessToken)).toMatchObject({
      id: samPlan.id,
      remainingCredits: free,
    });
    const me = json<SessionUser>(await call(ctx, 'GET', '/auth/me', { token: sam.accessToken }));
    expect(me.plan).toMatchObject({ id: samPlan.id, remainingCredits: free });
    // The pool organisation's own plan, if it has one, is not what seekers spend.
    expect(await remainingCredits(ctx, pool)).toBe(poolBefore);
  });
});
