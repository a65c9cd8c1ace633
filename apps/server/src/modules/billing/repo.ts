import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  bundleFeatures,
  bundles,
  features,
  organizations,
  planBundles,
  plans,
  users,
} from '../../platform/db/schema.js';

/**
 * The plan that pays for what `userId` does in `organizationId`: in the talent pool a seeker's
 * own (spec 3 §6, individual accounts have their own plan; null until their first interview),
 * elsewhere the organisation's, whoever the user is.
 */
const payingPlanId = (organizationId: string, userId: string | null | undefined) =>
  userId
    ? sql`(SELECT CASE WHEN ${organizations.isB2C} THEN ${users.planId} ELSE ${organizations.planId} END
        FROM ${organizations} LEFT JOIN ${users}
          ON ${users.id} = ${userId} AND ${users.organizationId} = ${organizations.id}
        WHERE ${organizations.id} = ${organizationId})`
    : sql`(SELECT ${organizations.planId} FROM ${organizations} WHERE ${organizations.id} = ${organizationId})`;

/** A free plan's row, active from now; `requestedBy` for a talent-pool seeker's own plan. */
async function insertFreePlanRow(
  tx: Db,
  organizationId: string,
  plan: { name: string; type: string; credits: number },
  requestedBy?: string,
) {
  const [row] = await tx
    .insert(plans)
    .values({
      organizationId,
      name: plan.name,
      type: plan.type,
      remainingCredits: plan.credits,
      freeMeetingCredits: plan.credits,
      activatedAt: new Date(),
      ...(requestedBy ? { requestedBy } : {}),
    })
    .returning();
  if (!row) throw new Error('plan insert returned nothing');
  return row;
}

export function createBillingRepo(db: Db) {
  return {
    async isPlatform(organizationId: string): Promise<boolean> {
      const [row] = await db
        .select({ isPlatform: organizations.isPlatform })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row?.isPlatform ?? false;
    },

    /** The active plan that pays for `userId` (see payingPlanId), or the organisation's. */
    async activePlanOf(organizationId: string, userId?: string | null) {
      const [row] = await db
        .select()
        .from(plans)
        .where(eq(plans.id, payingPlanId(organizationId, userId)));
      return row ?? null;
    },

    /**
     * Takes `credits` from the plan that pays (a seeker's own in the talent pool) in one
     * statement, only if that many are left, so two charges at once can never overdraw it.
     * Null when nothing was taken.
     */
    async takeCredits(
      organizationId: string,
      credits: number,
      userId?: string | null,
    ): Promise<number | null> {
      const [row] = await db
        .update(plans)
        .set({ remainingCredits: sql`${plans.remainingCredits} - ${credits}` })
        .where(
          and(
            eq(plans.id, payingPlanId(organizationId, userId)),
            gte(plans.remainingCredits, credits),
          ),
        )
        .returning({ remainingCredits: plans.remainingCredits });
      return row ? row.remainingCredits : null;
    },

    /**
     * Gives an organisation without a plan the free plan, in one transaction that takes the
     * organisation's row first, so two requests at once cannot both add one. Null when the
     * organisation already has a plan.
     */
    async insertFreePlan(
      organizationId: string,
      plan: { name: string; type: string; credits: number },
    ) {
      return db.transaction(async (tx) => {
        const [org] = await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(and(eq(organizations.id, organizationId), isNull(organizations.planId)))
          .for('update');
        if (!org) return null;
        const row = await insertFreePlanRow(tx, organizationId, plan);
        await tx
          .update(organizations)
          .set({ planId: row.id })
          .where(eq(organizations.id, organizationId));
        return row;
      });
    },

    /**
     * Gives a talent-pool seeker without a plan of their own the free plan, taking their row
     * first so two requests at once cannot both add one. Null when they have one already.
     */
    async insertSeekerFreePlan(
      organizationId: string,
      userId: string,
      plan: { name: string; type: string; credits: number },
    ) {
      return db.transaction(async (tx) => {
        const [seeker] = await tx
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              eq(users.id, userId),
              eq(users.organizationId, organizationId),
              isNull(users.planId),
            ),
          )
          .for('update');
        if (!seeker) return null;
        const row = await insertFreePlanRow(tx, organizationId, plan, userId);
        await tx.update(users).set({ planId: row.id }).where(eq(users.id, userId));
        return row;
      });
    },

    /** Adds bought credits to a plan (auto-pay); the balance after, or null without the plan. */
    async addCredits(planId: string, credits: number): Promise<number | null> {
      const [row] = await db
        .update(plans)
        // lastPaymentCredits stays what the plan's own payment adds (a renewal adds it again).
        .set({ remainingCredits: sql`${plans.remainingCredits} + ${credits}` })
        .where(eq(plans.id, planId))
        .returning({ remainingCredits: plans.remainingCredits });
      return row ? row.remainingCredits : null;
    },

    /** When a plan stops (a cancelled card subscription); null: it runs on. */
    async setEndDate(planId: string, endDate: Date | null): Promise<void> {
      await db.update(plans).set({ endDate }).where(eq(plans.id, planId));
    },

    async bundlesOfPlan(planId: string) {
      const rows = await db
        .select({ id: bundles.id, name: bundles.name })
        .from(planBundles)
        .innerJoin(bundles, eq(bundles.id, planBundles.bundleId))
        .where(eq(planBundles.planId, planId));
      if (rows.length === 0) return [];
      const featureRows = await db
        .select({
          bundleId: bundleFeatures.bundleId,
          name: features.name,
          description: features.description,
        })
        .from(bundleFeatures)
        .innerJoin(features, eq(features.id, bundleFeatures.featureId))
        .where(
          inArray(
            bundleFeatures.bundleId,
            rows.map((r) => r.id),
          ),
        );
      return rows.map((b) => ({
        ...b,
        features: featureRows
          .filter((f) => f.bundleId === b.id)
          .map((f) => ({ name: f.name, description: f.description })),
      }));
    },
  };
}
export type BillingRepo = ReturnType<typeof createBillingRepo>;
