import { and, eq } from 'drizzle-orm';
import { bundles, organizations, planBundles, plans, users } from '../platform/db/schema.js';
import type { TestContext } from './context.js';

/**
 * Adds the Interview Intelligence bundle (every face, physiology and biometrics feature) to the
 * organisation's plan; a signed-up organisation, which has no plan until it buys one, gets one.
 */
export function grantInterviewIntelligence(
  ctx: TestContext,
  organizationId: string,
): Promise<void> {
  return grantBundle(ctx, organizationId, 'Interview Intelligence');
}

/** Adds a seeded bundle (catalogue.ts: 'Essentials', 'Sales Suite', …) to the organisation's plan. */
export async function grantBundle(
  ctx: TestContext,
  organizationId: string,
  bundleName: string,
): Promise<void> {
  const db = ctx.database.db;
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  let planId = org?.planId ?? null;
  if (!planId) {
    const [plan] = await db.insert(plans).values({ organizationId, name: 'Test' }).returning();
    planId = plan?.id ?? null;
    if (planId) {
      await db.update(organizations).set({ planId }).where(eq(organizations.id, organizationId));
    }
  }
  const [bundle] = await db.select().from(bundles).where(eq(bundles.name, bundleName));
  if (!planId || !bundle) throw new Error('plan or seeded bundle missing');
  await db.insert(planBundles).values({ planId, bundleId: bundle.id });
}

/**
 * The credits left on the organisation's plan, or with `userId` on the plan that pays for that
 * user (a talent-pool seeker's own); null when there is none.
 */
export async function remainingCredits(
  ctx: TestContext,
  organizationId: string,
  userId?: string,
): Promise<number | null> {
  const db = ctx.database.db;
  const [row] = userId
    ? await db
        .select({ n: plans.remainingCredits })
        .from(plans)
        .innerJoin(users, eq(users.planId, plans.id))
        .where(and(eq(users.id, userId), eq(users.organizationId, organizationId)))
    : await db
        .select({ n: plans.remainingCredits })
        .from(plans)
        .innerJoin(organizations, eq(organizations.planId, plans.id))
        .where(eq(organizations.id, organizationId));
  return row?.n ?? null;
}
