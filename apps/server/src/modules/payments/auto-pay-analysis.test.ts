import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditSlabs, plans, stripeCustomers } from '../../platform/db/schema.js';
import { signIn, type TestContext } from '../../test/context.js';
import { analysisSettled, createMediaContext, fixture, uploadBytes } from '../../test/media.js';
import { remainingCredits } from '../../test/plans-kit.js';
import { startStripeStandIn, stripeEnv, type StripeStandIn } from '../../test/stripe-stand-in.js';

/**
 * Auto-pay after the analysis pipeline charges a meeting (in its own transaction): once the
 * meeting's analysis has finished, the balance below the threshold buys the plan's auto-pay
 * credits with the saved card.
 */

let ctx: TestContext & { mediaDir: string };
let stripe: StripeStandIn;
let token: string;
let org: string;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  ctx = await createMediaContext({
    env: { ...stripeEnv(stripe), ANALYSIS_RETRY_LIMIT: '1', ANALYSIS_RETRY_DELAY_SECONDS: '0' },
  });
  const s = await signIn(ctx, 'user@acme.parley.local');
  token = s.accessToken;
  org = s.user.organizationId;
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await stripe?.close();
});

describe('auto-pay after an analysed meeting', () => {
  it('charges the saved card once the meeting’s credits leave the balance below the threshold', async () => {
    const db = ctx.database.db;
    const [slab] = await db.select().from(creditSlabs).where(eq(creditSlabs.credits, 2000));
    // One credit above the default threshold of 10; the card a Checkout would have saved.
    await db
      .update(plans)
      .set({ remainingCredits: 10, autoPayCreditsToAdd: 2000, creditSlabId: slab?.id })
      .where(eq(plans.organizationId, org));
    await db
      .insert(stripeCustomers)
      .values({ organizationId: org, customerId: 'cus_acme', paymentMethodId: 'pm_acme' });

    const video = readFileSync(fixture('talking-face.mp4'));
    const meeting = await uploadBytes(ctx, token, 'local', 'auto-pay call.mp4', video);
    const done = await analysisSettled(ctx, token, meeting.id);
    expect(done.inferenceStatus).toBe('processed');

    // 33.6 s is one credit: 9 left, then the slab's 2000 bought at its discounted $180.
    const charges = () => stripe.seen.filter((s) => s.path === '/v1/payment_intents');
    for (let i = 0; i < 50 && charges().length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(charges()).toHaveLength(1);
    expect(charges()[0]?.body).toMatchObject({
      amount: '18000',
      customer: 'cus_acme',
      payment_method: 'pm_acme',
    });
    for (let i = 0; i < 50 && (await remainingCredits(ctx, org)) !== 2009; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await remainingCredits(ctx, org)).toBe(2009);
  }, 240_000);
});
