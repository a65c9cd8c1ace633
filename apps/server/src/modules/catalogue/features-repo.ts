import { asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { countOf, withTotal } from '../../platform/db/paged.js';
import { bundleFeatures, bundles, features } from '../../platform/db/schema.js';
import { offsetOf, orderOf, type PageOptions } from './paging.js';

export type FeatureRow = typeof features.$inferSelect;
export type FeatureSortField = 'name' | 'price' | 'createdAt';

const sortColumns = {
  name: features.name,
  price: features.priceMinor,
  createdAt: features.createdAt,
};

export function createFeaturesRepo(db: Db) {
  return {
    page(opts: PageOptions<FeatureSortField>) {
      const pattern = containsPattern(opts.search);
      const where = pattern
        ? or(ilike(features.name, pattern), ilike(features.description, pattern))
        : undefined;
      return withTotal(
        db,
        features,
        where,
        db
          .select()
          .from(features)
          .where(where)
          .orderBy(...orderOf(sortColumns, opts.sort, features.id))
          .limit(opts.size)
          .offset(offsetOf(opts)),
      );
    },
    all: () => db.select().from(features).orderBy(asc(features.name)),
    count: () => countOf(db, features, undefined),
    async byId(id: string) {
      const [row] = await db.select().from(features).where(eq(features.id, id));
      return row ?? null;
    },
    async existingIds(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: features.id })
        .from(features)
        .where(inArray(features.id, ids));
      return rows.map((r) => r.id);
    },
    /** Null when the name is taken. */
    async create(values: typeof features.$inferInsert) {
      const [row] = await db
        .insert(features)
        .values(values)
        .onConflictDoNothing({ target: features.name })
        .returning();
      return row ?? null;
    },
    async update(id: string, patch: Partial<typeof features.$inferInsert>) {
      const [row] = await db
        .update(features)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(features.id, id))
        .returning();
      return row ?? null;
    },
    /** Throws a foreign-key violation when a bundle still holds the feature. */
    async remove(id: string): Promise<boolean> {
      const rows = await db
        .delete(features)
        .where(eq(features.id, id))
        .returning({ id: features.id });
      return rows.length > 0;
    },
    async bundlesHolding(id: string): Promise<string[]> {
      const rows = await db
        .select({ name: bundles.name })
        .from(bundleFeatures)
        .innerJoin(bundles, eq(bundles.id, bundleFeatures.bundleId))
        .where(eq(bundleFeatures.featureId, id))
        .orderBy(asc(bundles.name));
      return rows.map((r) => r.name);
    },
  };
}
export type FeaturesRepo = ReturnType<typeof createFeaturesRepo>;
