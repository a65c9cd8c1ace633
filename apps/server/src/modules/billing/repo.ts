import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  bundleFeatures,
  bundles,
  features,
  organizations,
  planBundles,
  plans,
} from '../../platform/db/schema.js';

export function createBillingRepo(db: Db) {
  return {
    async isPlatform(organizationId: string): Promise<boolean> {
      const [row] = await db
        .select({ isPlatform: organizations.isPlatform })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row?.isPlatform ?? false;
    },

    async activePlanOf(organizationId: string) {
      const [row] = await db
        .select({ plan: plans })
        .from(organizations)
        .innerJoin(plans, eq(plans.id, organizations.planId))
        .where(eq(organizations.id, organizationId));
      return row?.plan ?? null;
    },

    /**
     * Takes `credits` from the organisation's plan in one statement, only if that many are
     * left, so two charges at once can never overdraw it. Null when nothing was taken.
     */
    async takeCredits(organizationId: string, credits: number): Promise<number | null> {
      const [row] = await db
        .update(plans)
        .set({ remainingCredits: sql`${plans.remainingCredits} - ${credits}` })
        .where(
          and(
            eq(
              plans.id,
              sql`(SELECT ${organizations.planId} FROM ${organizations} WHERE ${organizations.id} = ${organizationId})`,
            ),
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
        const [row] = await tx
          .insert(plans)
          .values({
            organizationId,
            name: plan.name,
            type: plan.type,
            remainingCredits: plan.credits,
            freeMeetingCredits: plan.credits,
            activatedAt: new Date(),
          })
          .returning();
        if (!row) throw new Error('plan insert returned nothing');
        await tx
          .update(organizations)
          .set({ planId: row.id })
          .where(eq(organizations.id, organizationId));
        return row;
      });
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
