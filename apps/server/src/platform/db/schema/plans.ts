import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';

/*
 * Money is whole minor units of `currency` (cents for USD): integers, so sums and discounts
 * never meet floating point. Each priced row names its currency, the CURRENCY setting when it
 * was written.
 */

export const features = pgTable('features', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description'),
  priceMinor: integer('price_minor').notNull().default(0),
  currency: text('currency').notNull().default('USD'),
  url: text('url'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A bundle costs what its features cost together; it has no price of its own. */
export const bundles = pgTable('bundles', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const bundleFeatures = pgTable(
  'bundle_features',
  {
    bundleId: uuid('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'cascade' }),
    // Deleting a feature would change what bundles (and the plans holding them) contain: 409.
    featureId: uuid('feature_id')
      .notNull()
      .references(() => features.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.featureId] })],
);

/** Credits sold in one purchase, with a percentage off the slab's price. */
export const creditSlabs = pgTable('credit_slabs', {
  id: uuid('id').primaryKey().defaultRandom(),
  credits: integer('credits').notNull().unique(),
  priceMinor: integer('price_minor').notNull(),
  currency: text('currency').notNull().default('USD'),
  /** Whole percent, 0–100. */
  discountPercent: integer('discount_percent').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A plan an organisation is on or has asked for. `status`: 'active' (the one
 * organizations.plan_id points at), 'pending' (chosen, waiting for its payment), 'replaced'
 * (an active plan a newer one took over from) or 'cancelled' (a pending plan given up).
 */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references((): AnyPgColumn => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull().default('subscription'),
    status: text('status').notNull().default('active'),
    /** Bundles plus the credit slab, before the slab's discount. */
    totalMinor: integer('total_minor').notNull().default(0),
    discountMinor: integer('discount_minor').notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    creditSlabId: uuid('credit_slab_id').references(() => creditSlabs.id, {
      onDelete: 'set null',
    }),
    /** Credits the plan's payment adds (its slab's, copied: a slab may change later). */
    lastPaymentCredits: integer('last_payment_credits').notNull().default(0),
    remainingCredits: integer('remaining_credits').notNull().default(0),
    freeMeetingCredits: integer('free_meeting_credits').notNull().default(0),
    /** Credits bought automatically when the balance runs low; 0 is off. */
    autoPayCreditsToAdd: integer('auto_pay_credits_to_add').notNull().default(0),
    /**
     * The member who asked for it, in the talent pool only: every job seeker shares that one
     * organisation, so a seeker's purchase waits for its payment beside another seeker's
     * instead of cancelling it. Null for a team's plans (one pending plan per organisation).
     */
    requestedBy: uuid('requested_by_user_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    endDate: timestamp('end_date', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('plans_org_idx').on(t.organizationId)],
);

export const planBundles = pgTable(
  'plan_bundles',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    // A bundle a plan holds is the customer's purchase: it cannot be deleted (409), only retired.
    bundleId: uuid('bundle_id')
      .notNull()
      .references(() => bundles.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.planId, t.bundleId] })],
);

/** The bundles and credit slab an organisation has picked on /pricing (bundle/user). */
export const bundleSelections = pgTable('bundle_selections', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references((): AnyPgColumn => organizations.id, { onDelete: 'cascade' }),
  bundleIds: uuid('bundle_ids').array().notNull().default([]),
  creditSlabId: uuid('credit_slab_id').references(() => creditSlabs.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
