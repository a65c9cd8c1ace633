import {
  CATALOGUE_MESSAGES as M,
  toMinorUnits,
  type bundleBody,
  type bundlePatchBody,
  type creditSlabBody,
  type creditSlabPatchBody,
  type featureBody,
  type featurePatchBody,
} from '@parley/contracts';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { conflictOnDuplicate, isForeignKeyViolation, isUuid } from '../../platform/db/values.js';
import type { BundlesRepo } from './bundles-repo.js';
import type { CreditSlabsRepo } from './credit-slabs-repo.js';
import type { FeaturesRepo } from './features-repo.js';
import { parseSort } from './paging.js';
import { activeBundleOf, bundleOf, creditSlabOf, featureOf } from './shapes.js';

type PageQuery = { page: number; size: number; sort: string; search?: string };

/**
 * Features, bundles and credit slabs (super admin), and what the pricing page and plans read
 * of them. `currency` (CURRENCY) is what new prices are in.
 */
export function createCatalogueService(deps: {
  features: FeaturesRepo;
  bundles: BundlesRepo;
  slabs: CreditSlabsRepo;
  currency: string;
}) {
  const { features, bundles, slabs, currency } = deps;

  function minorOf(price: string | number): number {
    const minor = toMinorUnits(price, currency);
    if (minor === null) throw badRequest(M.badPrice);
    return minor;
  }
  const idOr404 = (id: string, message: string) => {
    if (!isUuid(id)) throw notFound(message);
    return id;
  };
  const found = <T>(row: T | null, message: string): T => {
    if (!row) throw notFound(message);
    return row;
  };

  async function bundlesWithFeatures<R extends { id: string }>(rows: R[]) {
    const ids = rows.map((r) => r.id);
    const [featureRows, planCounts] = await Promise.all([
      bundles.featuresOf(ids),
      bundles.planCounts(ids),
    ]);
    return { featureRows, planCounts };
  }
  async function shapeBundles(rows: Awaited<ReturnType<BundlesRepo['all']>>) {
    const { featureRows, planCounts } = await bundlesWithFeatures(rows);
    return rows.map((r) => bundleOf(r, featureRows, planCounts, currency));
  }
  async function refuseUnknownFeatures(ids: string[] | undefined) {
    if (!ids) return;
    const known = await features.existingIds([...new Set(ids)]);
    if (known.length !== new Set(ids).size) throw badRequest(M.unknownFeatures);
  }

  const feature = {
    count: async () => ({ count: await features.count() }),
    async query(q: PageQuery) {
      const { rows, count } = await features.page({ ...q, sort: parseSort(q.sort) });
      return { data: rows.map(featureOf), count };
    },
    list: async () => ({ data: (await features.all()).map(featureOf) }),
    async create(body: z.output<typeof featureBody>) {
      const row = await features.create({
        name: body.name,
        description: body.description || null,
        url: body.url || null,
        priceMinor: minorOf(body.price),
        currency,
      });
      if (!row) throw conflict(M.featureExists(body.name));
      return featureOf(row);
    },
    async update(id: string, body: z.output<typeof featurePatchBody>) {
      idOr404(id, M.featureNotFound);
      const patch = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description || null } : {}),
        ...(body.url !== undefined ? { url: body.url || null } : {}),
        ...(body.price !== undefined ? { priceMinor: minorOf(body.price), currency } : {}),
      };
      const row = await conflictOnDuplicate(M.featureExists(body.name ?? ''), () =>
        features.update(id, patch),
      );
      return featureOf(found(row, M.featureNotFound));
    },
    async remove(id: string) {
      idOr404(id, M.featureNotFound);
      try {
        found((await features.remove(id)) || null, M.featureNotFound);
      } catch (err) {
        if (!isForeignKeyViolation(err)) throw err;
        throw conflict(M.featureInBundles(await features.bundlesHolding(id)));
      }
      return { message: M.deleted('Feature') };
    },
  };

  const bundle = {
    count: async () => ({ count: await bundles.count() }),
    async query(q: PageQuery) {
      const { rows, count } = await bundles.page({ ...q, sort: parseSort(q.sort) });
      return { data: await shapeBundles(rows), count };
    },
    list: async () => ({ data: await shapeBundles(await bundles.all()) }),
    async active() {
      const rows = await bundles.active();
      const featureRows = await bundles.featuresOf(rows.map((r) => r.id));
      return { data: rows.map((r) => activeBundleOf(r, featureRows, currency)) };
    },
    /** The chosen bundles that are on sale, with their features and prices. */
    async activeByIds(ids: string[]) {
      const rows = await bundles.activeByIds(ids.filter(isUuid));
      const featureRows = await bundles.featuresOf(rows.map((r) => r.id));
      return rows.map((r) => activeBundleOf(r, featureRows, currency));
    },
    async create(body: z.output<typeof bundleBody>) {
      await refuseUnknownFeatures(body.featureIds);
      const row = await bundles.create(
        { name: body.name, description: body.description || null, isActive: body.isActive },
        body.featureIds,
      );
      if (!row) throw conflict(M.bundleExists(body.name));
      const [shaped] = await shapeBundles([row]);
      return found(shaped ?? null, M.bundleNotFound);
    },
    async update(id: string, body: z.output<typeof bundlePatchBody>) {
      idOr404(id, M.bundleNotFound);
      await refuseUnknownFeatures(body.featureIds);
      const patch = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description || null } : {}),
        ...(body.isActive !== undefined ? { isActive: body.isActive } : {}),
      };
      const row = await conflictOnDuplicate(M.bundleExists(body.name ?? ''), () =>
        bundles.update(id, patch, body.featureIds),
      );
      const [shaped] = await shapeBundles([found(row, M.bundleNotFound)]);
      return found(shaped ?? null, M.bundleNotFound);
    },
    async remove(id: string) {
      idOr404(id, M.bundleNotFound);
      try {
        found((await bundles.remove(id)) || null, M.bundleNotFound);
      } catch (err) {
        if (!isForeignKeyViolation(err)) throw err;
        const plans = (await bundles.planCounts([id])).get(id) ?? 1;
        throw conflict(M.bundleInUse(plans));
      }
      return { message: M.deleted('Bundle') };
    },
  };

  const creditSlab = {
    count: async () => ({ count: await slabs.count() }),
    async query(q: PageQuery) {
      const { rows, count } = await slabs.page({ ...q, sort: parseSort(q.sort) });
      return { data: rows.map(creditSlabOf), count };
    },
    list: async () => ({ data: (await slabs.all()).map(creditSlabOf) }),
    active: async () => ({ data: (await slabs.active()).map(creditSlabOf) }),
    /** The slab when it is on sale, else null. */
    async activeById(id: string) {
      const row = isUuid(id) ? await slabs.activeById(id) : null;
      return row ? creditSlabOf(row) : null;
    },
    async create(body: z.output<typeof creditSlabBody>) {
      const row = await slabs.create({
        credits: body.credits,
        priceMinor: minorOf(body.price),
        currency,
        discountPercent: body.discount,
        isActive: body.isActive,
      });
      if (!row) throw conflict(M.creditSlabExists(body.credits));
      return creditSlabOf(row);
    },
    async update(id: string, body: z.output<typeof creditSlabPatchBody>) {
      idOr404(id, M.creditSlabNotFound);
      const patch = {
        ...(body.credits !== undefined ? { credits: body.credits } : {}),
        ...(body.price !== undefined ? { priceMinor: minorOf(body.price), currency } : {}),
        ...(body.discount !== undefined ? { discountPercent: body.discount } : {}),
        ...(body.isActive !== undefined ? { isActive: body.isActive } : {}),
      };
      const row = await conflictOnDuplicate(M.creditSlabExists(body.credits ?? 0), () =>
        slabs.update(id, patch),
      );
      return creditSlabOf(found(row, M.creditSlabNotFound));
    },
    async remove(id: string) {
      idOr404(id, M.creditSlabNotFound);
      found((await slabs.remove(id)) || null, M.creditSlabNotFound);
      return { message: M.deleted('Credit slab') };
    },
  };

  return { feature, bundle, creditSlab, currency };
}
export type CatalogueService = ReturnType<typeof createCatalogueService>;
