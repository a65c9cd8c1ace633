import { z } from 'zod';
import { amountInput, moneySchema } from './money.js';
import { defineRoute } from './route.js';

/**
 * The catalogue the super admin sells from (spec 3 §3 Bundle, credit slab and feature; §7
 * Features, credit slabs, bundles): features with a price, bundles of features (a bundle costs
 * what its features cost together) and credit slabs. Prices are stored in minor units.
 */
export const CATALOGUE_MESSAGES = {
  featureNotFound: 'Feature not found',
  bundleNotFound: 'Bundle not found',
  creditSlabNotFound: 'Credit slab not found',
  featureExists: (name: string) => `A feature named ${name} exists already`,
  bundleExists: (name: string) => `A bundle named ${name} exists already`,
  creditSlabExists: (credits: number) => `A credit slab of ${credits} credits exists already`,
  badPrice: 'price must be an amount such as 12.50',
  unknownFeatures: 'Some of the features do not exist',
  bundleInUse: (plans: number) =>
    `This bundle is part of ${plans} ${plans === 1 ? 'plan' : 'plans'} and cannot be deleted; make it inactive instead`,
  featureInBundles: (bundles: string[]) =>
    `This feature is in ${bundles.join(', ')}; remove it from ${bundles.length === 1 ? 'that bundle' : 'those bundles'} first`,
  deleted: (what: string) => `${what} deleted`,
  // Spec 3 §8: what the web app says when a list does not load.
  allBundlesFailed: 'Failed to get all bundles',
  allCreditSlabsFailed: 'Failed to get all credit slabs',
  searchFailed: (what: string) => `Failed to search ${what}`,
} as const;

/** A list page's query: page and size, search text, and `field:asc|desc` (default createdAt:desc). */
function pageQuery<F extends string>(fields: readonly [F, ...F[]]) {
  const pattern = new RegExp(`^(${fields.join('|')}):(asc|desc)$`);
  return z.object({
    page: z.coerce.number().int().min(0).default(0),
    size: z.coerce.number().int().min(1).max(100).default(10),
    sort: z
      .string()
      .regex(pattern, `sort is ${fields.join(', ')}, then :asc or :desc`)
      .default('createdAt:desc'),
    search: z.string().trim().max(200).optional(),
  });
}

export const FEATURE_SORT_FIELDS = ['name', 'price', 'createdAt'] as const;
export const BUNDLE_SORT_FIELDS = ['name', 'createdAt'] as const;
export const CREDIT_SLAB_SORT_FIELDS = ['credits', 'price', 'discount', 'createdAt'] as const;
export const featureQuery = pageQuery(FEATURE_SORT_FIELDS);
export const bundleQuery = pageQuery(BUNDLE_SORT_FIELDS);
export const creditSlabQuery = pageQuery(CREDIT_SLAB_SORT_FIELDS);
export type FeatureQuery = z.input<typeof featureQuery>;
export type BundleQuery = z.input<typeof bundleQuery>;
export type CreditSlabQuery = z.input<typeof creditSlabQuery>;

export const featureSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  url: z.string().nullable(),
  price: moneySchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Feature = z.infer<typeof featureSchema>;

export const bundleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  features: z.array(featureSchema.pick({ id: true, name: true, description: true, price: true })),
  /** Its features' prices together. */
  price: moneySchema,
  /** How many plans hold it: one that any plan holds cannot be deleted. */
  planCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Bundle = z.infer<typeof bundleSchema>;

export const creditSlabSchema = z.object({
  id: z.string(),
  credits: z.number().int(),
  price: moneySchema,
  /** Whole percent off the price. */
  discount: z.number().int(),
  /** The price after the discount. */
  discountedPrice: moneySchema,
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CreditSlab = z.infer<typeof creditSlabSchema>;

const name = z.string().trim().min(1, 'name is required').max(100);
const description = z.string().trim().max(1000).nullish();
const url = z
  .union([z.url({ protocol: /^https?$/, error: 'url must be an http(s) address' }), z.literal('')])
  .nullish();

export const featureBody = z.object({ name, description, url, price: amountInput });
export const featurePatchBody = featureBody.partial();
export type FeatureBody = z.input<typeof featureBody>;
export type FeaturePatchBody = z.input<typeof featurePatchBody>;

const featureIds = z
  .array(z.uuid('Not a valid id'))
  .min(1, 'A bundle needs at least one feature')
  .max(100);
// Patch bodies have no defaults: a field left out stays as it is.
export const bundlePatchBody = z.object({
  name: name.optional(),
  description,
  featureIds: featureIds.optional(),
  isActive: z.boolean().optional(),
});
export const bundleBody = bundlePatchBody.extend({
  name,
  featureIds,
  isActive: z.boolean().default(true),
});
export type BundleBody = z.input<typeof bundleBody>;
export type BundlePatchBody = z.input<typeof bundlePatchBody>;

export const creditSlabPatchBody = z.object({
  credits: z.number().int('credits must be a whole number').min(1).max(10_000_000).optional(),
  price: amountInput.optional(),
  discount: z.number().int('discount is a whole percent').min(0).max(100).optional(),
  isActive: z.boolean().optional(),
});
export const creditSlabBody = creditSlabPatchBody.extend({
  credits: z.number().int('credits must be a whole number').min(1).max(10_000_000),
  price: amountInput,
  discount: z.number().int('discount is a whole percent').min(0).max(100).default(0),
  isActive: z.boolean().default(true),
});
export type CreditSlabBody = z.input<typeof creditSlabBody>;
export type CreditSlabPatchBody = z.input<typeof creditSlabPatchBody>;

const count = z.object({ count: z.number().int() });
const message = z.object({ message: z.string() });

/** count, query (a page), list (all), create, update, remove for one catalogue area. */
function crudRoutes<
  Base extends string,
  Item extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  P extends z.ZodType,
>(spec: { base: Base; noun: string; item: Item; query: Q; body: B; patch: P }) {
  const { base, noun, item, query } = spec;
  const common = {
    tags: ['catalogue'],
    auth: true as const,
    permission: 'platform.manage' as const,
  };
  return {
    count: defineRoute({
      ...common,
      method: 'GET',
      path: `/${base}/count` as `/${Base}/count`,
      summary: `How many ${noun}s the catalogue holds`,
      response: count,
    }),
    query: defineRoute({
      ...common,
      method: 'GET',
      path: `/${base}/query` as `/${Base}/query`,
      summary: `A page of ${noun}s, searched and sorted, with the total count`,
      query,
      response: z.object({ data: z.array(item), count: z.number().int() }),
    }),
    list: defineRoute({
      ...common,
      method: 'GET',
      path: `/${base}` as `/${Base}`,
      summary: `Every ${noun}`,
      response: z.object({ data: z.array(item) }),
    }),
    create: defineRoute({
      ...common,
      method: 'POST',
      path: `/${base}` as `/${Base}`,
      summary: `Add a ${noun}`,
      body: spec.body,
      response: item,
      status: 201,
    }),
    update: defineRoute({
      ...common,
      method: 'PATCH',
      path: `/${base}/:id` as `/${Base}/:id`,
      summary: `Change a ${noun}`,
      body: spec.patch,
      response: item,
    }),
    remove: defineRoute({
      ...common,
      method: 'DELETE',
      path: `/${base}/:id` as `/${Base}/:id`,
      summary: `Delete a ${noun}`,
      response: message,
    }),
  };
}

export const featureRoutes = crudRoutes({
  base: 'feature',
  noun: 'feature',
  item: featureSchema,
  query: featureQuery,
  body: featureBody,
  patch: featurePatchBody,
});

/** What the pricing page shows of a bundle (not how many plans hold it). */
export const activeBundleSchema = bundleSchema.omit({ planCount: true });
export type ActiveBundle = z.infer<typeof activeBundleSchema>;

export const bundleRoutes = {
  ...crudRoutes({
    base: 'bundle',
    noun: 'bundle',
    item: bundleSchema,
    query: bundleQuery,
    body: bundleBody,
    patch: bundlePatchBody,
  }),
  active: defineRoute({
    method: 'GET',
    path: '/bundle/active',
    summary: 'The bundles on sale, with their features and prices',
    tags: ['catalogue'],
    auth: true,
    permission: 'profile.own',
    response: z.object({ data: z.array(activeBundleSchema) }),
  }),
};

export const creditSlabRoutes = {
  ...crudRoutes({
    base: 'credit-slab',
    noun: 'credit slab',
    item: creditSlabSchema,
    query: creditSlabQuery,
    body: creditSlabBody,
    patch: creditSlabPatchBody,
  }),
  active: defineRoute({
    method: 'GET',
    path: '/credit-slab/active',
    summary: 'The credit slabs on sale, fewest credits first',
    tags: ['catalogue'],
    auth: true,
    permission: 'profile.own',
    response: z.object({ data: z.array(creditSlabSchema) }),
  }),
};
