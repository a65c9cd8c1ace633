import {
  CATALOGUE_MESSAGES as M,
  bundleRoutes,
  creditSlabRoutes,
  featureRoutes,
  planRoutes,
  type BundleBody,
  type BundlePatchBody,
  type BundleQuery,
  type CreditSlabBody,
  type CreditSlabPatchBody,
  type CreditSlabQuery,
  type FeatureBody,
  type FeaturePatchBody,
  type FeatureQuery,
  type SubscriptionQuery,
} from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, withFailureToast } from '../../lib/api';
import { useChange } from '../../lib/use-change';
import { usePageQuery } from '../../lib/use-page-query';

/** Enterprise Management's reads and writes (super admin): the catalogue and every plan. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  features: (q: FeatureQuery) => ['catalogue', 'feature', q] as const,
  allFeatures: ['catalogue', 'feature', 'all'] as const,
  bundles: (q: BundleQuery) => ['catalogue', 'bundle', q] as const,
  slabs: (q: CreditSlabQuery) => ['catalogue', 'credit-slab', q] as const,
  subscriptions: (q: SubscriptionQuery) => ['catalogue', 'subscription', q] as const,
};

const quiet = { toast: false } as const;

export const useFeaturePage = (query: FeatureQuery) =>
  usePageQuery(catalogueKeys.features(query), (signal) =>
    withFailureToast(
      api(featureRoutes.query, { query, signal, ...quiet }),
      M.searchFailed('features'),
    ),
  );

/** Every feature, for the bundle dialog's checkboxes. */
export const useAllFeatures = (enabled: boolean) =>
  useQuery({
    queryKey: catalogueKeys.allFeatures,
    queryFn: async ({ signal }) => (await api(featureRoutes.list, { signal })).data,
    enabled,
  });

export const useBundlePage = (query: BundleQuery) =>
  usePageQuery(catalogueKeys.bundles(query), (signal) =>
    withFailureToast(
      api(bundleRoutes.query, { query, signal, ...quiet }),
      M.searchFailed('bundles'),
    ),
  );

export const useCreditSlabPage = (query: CreditSlabQuery) =>
  usePageQuery(catalogueKeys.slabs(query), (signal) =>
    withFailureToast(
      api(creditSlabRoutes.query, { query, signal, ...quiet }),
      M.searchFailed('credit slabs'),
    ),
  );

export const useSubscriptionPage = (query: SubscriptionQuery) =>
  usePageQuery(catalogueKeys.subscriptions(query), (signal) =>
    withFailureToast(
      api(planRoutes.allSubscriptions, { query, signal, ...quiet }),
      M.searchFailed('subscriptions'),
    ),
  );

/** A catalogue change can reprice bundles and the pricing page: everything reloads. */
const useCatalogueChange = <V, R>(run: (vars: V) => Promise<R>) =>
  useChange(run, { refresh: catalogueKeys.all, refreshOnFailure: true });

type Save<Create, Patch> = { id: string; patch: Patch } | { create: Create };

export const useSaveFeature = () =>
  useCatalogueChange((input: Save<FeatureBody, FeaturePatchBody>) =>
    'create' in input
      ? api(featureRoutes.create, { body: input.create, ...quiet })
      : api(featureRoutes.update, { params: { id: input.id }, body: input.patch, ...quiet }),
  );
export const useSaveBundle = () =>
  useCatalogueChange((input: Save<BundleBody, BundlePatchBody>) =>
    'create' in input
      ? api(bundleRoutes.create, { body: input.create, ...quiet })
      : api(bundleRoutes.update, { params: { id: input.id }, body: input.patch, ...quiet }),
  );
export const useSaveCreditSlab = () =>
  useCatalogueChange((input: Save<CreditSlabBody, CreditSlabPatchBody>) =>
    'create' in input
      ? api(creditSlabRoutes.create, { body: input.create, ...quiet })
      : api(creditSlabRoutes.update, { params: { id: input.id }, body: input.patch, ...quiet }),
  );

export const useDeleteFeature = () =>
  useCatalogueChange((id: string) => api(featureRoutes.remove, { params: { id } }));
export const useDeleteBundle = () =>
  useCatalogueChange((id: string) => api(bundleRoutes.remove, { params: { id } }));
export const useDeleteCreditSlab = () =>
  useCatalogueChange((id: string) => api(creditSlabRoutes.remove, { params: { id } }));
