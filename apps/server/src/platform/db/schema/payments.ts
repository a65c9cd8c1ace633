import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { plans } from './plans.js';

/** The organisation's Stripe customer, made once, and the card auto-pay charges. */
export const stripeCustomers = pgTable('stripe_customers', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull().unique(),
  /** Saved by a completed Checkout (setup_future_usage); null until one completes. */
  paymentMethodId: text('payment_method_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Stripe event ids already applied: inserted in the transaction that applies the event, so a
 * redelivery (or two deliveries at once) finds the id taken and changes nothing.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A card payment: a Checkout Session (kind 'checkout') or an off-session charge of the saved
 * card (kind 'auto_pay'). `externalId` is the session's or the PaymentIntent's id. `status`:
 * pending, succeeded, failed (reason kept) or expired.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    credits: integer('credits').notNull().default(0),
    externalId: text('external_id').notNull().unique(),
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payments_org_idx').on(t.organizationId, t.createdAt)],
);

/**
 * One auto-pay purchase per plan and threshold crossing: `crossing` counts the plan's
 * auto-pay purchases so far, so the row for the next one exists once, whoever inserts it
 * first charges the card, and every other credit cut that saw the same low balance does not.
 */
export const autoPayClaims = pgTable(
  'auto_pay_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    crossing: integer('crossing').notNull(),
    /** claimed (charging), succeeded, failed. */
    status: text('status').notNull().default('claimed'),
    paymentIntentId: text('payment_intent_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('auto_pay_claims_plan_crossing').on(t.planId, t.crossing),
    index('auto_pay_claims_open')
      .on(t.planId)
      .where(sql`status = 'claimed'`),
  ],
);
