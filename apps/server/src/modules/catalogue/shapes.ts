import {
  money,
  percentOf,
  type ActiveBundle,
  type Bundle,
  type CreditSlab,
  type Feature,
} from '@parley/contracts';
import type { BundleRow, BundlesRepo } from './bundles-repo.js';
import type { CreditSlabRow } from './credit-slabs-repo.js';
import type { FeatureRow } from './features-repo.js';

type BundleFeatureRow = Awaited<ReturnType<BundlesRepo['featuresOf']>>[number];

export const featureOf = (row: FeatureRow): Feature => ({
  id: row.id,
  name: row.name,
  description: row.description,
  url: row.url,
  price: money(row.priceMinor, row.currency),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const creditSlabOf = (row: CreditSlabRow): CreditSlab => ({
  id: row.id,
  credits: row.credits,
  price: money(row.priceMinor, row.currency),
  discount: row.discountPercent,
  discountedPrice: money(
    row.priceMinor - percentOf(row.priceMinor, row.discountPercent),
    row.currency,
  ),
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** A bundle with its features; it costs what they add up to, in `currency`. */
export function activeBundleOf(
  row: BundleRow,
  featureRows: BundleFeatureRow[],
  currency: string,
): ActiveBundle {
  const own = featureRows.filter((f) => f.bundleId === row.id);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    features: own.map((f) => ({
      id: f.id,
      name: f.name,
      description: f.description,
      price: money(f.priceMinor, f.currency),
    })),
    price: money(
      own.reduce((sum, f) => sum + f.priceMinor, 0),
      currency,
    ),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const bundleOf = (
  row: BundleRow,
  featureRows: BundleFeatureRow[],
  planCounts: Map<string, number>,
  currency: string,
): Bundle => ({
  ...activeBundleOf(row, featureRows, currency),
  planCount: planCounts.get(row.id) ?? 0,
});
