import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  bundleFeatures,
  bundles,
  features,
  organizations,
  planBundles,
  plans,
} from '../../platform/db/schema.js';

export function createPlansRepo(db: Db) {
  return {
    async activePlanOf(organizationId: string) {
      const [row] = await db
        .select({ plan: plans })
        .from(organizations)
        .innerJoin(plans, eq(plans.id, organizations.planId))
        .where(eq(organizations.id, organizationId));
      return row?.plan ?? null;
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
export type PlansRepo = ReturnType<typeof createPlansRepo>;
