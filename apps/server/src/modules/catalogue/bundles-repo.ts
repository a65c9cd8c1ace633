import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { countOf, withTotal } from '../../platform/db/paged.js';
import { bundleFeatures, bundles, features, planBundles } from '../../platform/db/schema.js';
import { offsetOf, orderOf, type PageOptions } from './paging.js';

export type BundleRow = typeof bundles.$inferSelect;
export type BundleSortField = 'name' | 'createdAt';
type BundleValues = { name: string; description: string | null; isActive: boolean };

const sortColumns = { name: bundles.name, createdAt: bundles.createdAt };

export function createBundlesRepo(db: Db) {
  /** Replaces the bundle's features (inside the caller's transaction). */
  async function setFeatures(tx: Db, bundleId: string, featureIds: string[]) {
    await tx.delete(bundleFeatures).where(eq(bundleFeatures.bundleId, bundleId));
    if (featureIds.length === 0) return;
    await tx
      .insert(bundleFeatures)
      .values([...new Set(featureIds)].map((featureId) => ({ bundleId, featureId })));
  }

  return {
    page(opts: PageOptions<BundleSortField>) {
      const pattern = containsPattern(opts.search);
      const where = pattern
        ? or(ilike(bundles.name, pattern), ilike(bundles.description, pattern))
        : undefined;
      return withTotal(
        db,
        bundles,
        where,
        db
          .select()
          .from(bundles)
          .where(where)
          .orderBy(...orderOf(sortColumns, opts.sort, bundles.id))
          .limit(opts.size)
          .offset(offsetOf(opts)),
      );
    },
    all: () => db.select().from(bundles).orderBy(asc(bundles.name)),
    active: () =>
      db.select().from(bundles).where(eq(bundles.isActive, true)).orderBy(asc(bundles.name)),
    count: () => countOf(db, bundles, undefined),
    async byId(id: string) {
      const [row] = await db.select().from(bundles).where(eq(bundles.id, id));
      return row ?? null;
    },
    async activeByIds(ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(bundles)
        .where(and(inArray(bundles.id, ids), eq(bundles.isActive, true)))
        .orderBy(asc(bundles.name));
    },
    /** The features of each bundle, by name. */
    async featuresOf(bundleIds: string[]) {
      if (bundleIds.length === 0) return [];
      return db
        .select({
          bundleId: bundleFeatures.bundleId,
          id: features.id,
          name: features.name,
          description: features.description,
          priceMinor: features.priceMinor,
          currency: features.currency,
        })
        .from(bundleFeatures)
        .innerJoin(features, eq(features.id, bundleFeatures.featureId))
        .where(inArray(bundleFeatures.bundleId, bundleIds))
        .orderBy(asc(features.name));
    },
    /** How many plans hold each bundle (bundles no plan holds are absent). */
    async planCounts(bundleIds: string[]): Promise<Map<string, number>> {
      if (bundleIds.length === 0) return new Map();
      const rows = await db
        .select({ bundleId: planBundles.bundleId, n: count() })
        .from(planBundles)
        .where(inArray(planBundles.bundleId, bundleIds))
        .groupBy(planBundles.bundleId);
      return new Map(rows.map((r) => [r.bundleId, r.n]));
    },
    /** Null when the name is taken. */
    create(values: BundleValues, featureIds: string[]) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(bundles)
          .values(values)
          .onConflictDoNothing({ target: bundles.name })
          .returning();
        if (!row) return null;
        await setFeatures(tx, row.id, featureIds);
        return row;
      });
    },
    update(id: string, patch: Partial<BundleValues>, featureIds: string[] | undefined) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(bundles)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(bundles.id, id))
          .returning();
        if (!row) return null;
        if (featureIds) await setFeatures(tx, id, featureIds);
        return row;
      });
    },
    /** Throws a foreign-key violation when a plan holds the bundle: nothing is deleted then. */
    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(bundles).where(eq(bundles.id, id)).returning({ id: bundles.id });
      return rows.length > 0;
    },
  };
}
export type BundlesRepo = ReturnType<typeof createBundlesRepo>;
