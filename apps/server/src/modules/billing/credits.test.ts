import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { organizations, plans } from '../../platform/db/schema.js';
import { signIn, signUp, type TestContext, createTestContext } from '../../test/context.js';
import { createAccessCache } from '../../platform/access-cache.js';
import { createBillingRepo } from './repo.js';
import { createBillingService, creditsFor } from './service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('assertCredits (for the analysis pipeline)', () => {
  it('passes while the plan covers the meeting’s minutes, rounded up, and refuses with 402 otherwise', async () => {
    const service = createBillingService(
      createBillingRepo(ctx.database.db),
      async () => ctx.config.env.FREE_MEETING_CREDITS,
      createAccessCache({ ttlMs: 0 }),
    );
    const acme = (await signIn(ctx, 'user@acme.parley.local')).user.organizationId;
    await ctx.database.db
      .update(plans)
      .set({ remainingCredits: 3 })
      .where(eq(plans.organizationId, acme));
    await expect(service.assertCredits(acme, 3)).resolves.toBeUndefined();
    await expect(service.assertCredits(acme, 3.01)).rejects.toMatchObject({
      statusCode: 402,
      message: 'Not enough credits to analyze this meeting: 4 minutes needed, 3 left',
    });
    const fresh = await signUp(ctx, 'solo@newco.example', { organizationName: 'NewCo' });
    await ctx.database.db
      .update(organizations)
      .set({ planId: null })
      .where(eq(organizations.id, fresh.user.organizationId));
    await expect(service.assertCredits(fresh.user.organizationId, 1)).rejects.toMatchObject({
      statusCode: 402,
      message: 'No Active Plan',
    });
    expect([0.2, 1, 1.01, 59.5].map(creditsFor)).toEqual([1, 1, 2, 60]);
  });
});
