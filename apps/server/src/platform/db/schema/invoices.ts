import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InvoiceLine, InvoiceParty, InvoiceTax } from '@parley/contracts';
import { organizations, users } from './accounts.js';
import { createdAt } from './columns.js';
import { plans } from './plans.js';

/**
 * The last number given in each series (a seller's prefix and year, 'PAR-2026'). The issuing
 * transaction bumps it with an upsert that locks the row until it commits, so two issues at
 * once take turns and a rolled-back issue gives its number back: numbers have no gaps.
 */
export const invoiceSequences = pgTable('invoice_sequences', {
  series: text('series').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * An issued invoice (spec 3 §3). Parties, lines, taxes and totals are copied when it is
 * issued and never change (a trigger in the migration refuses it): only the status moves,
 * open -> paid or open -> void.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    /**
     * The buyer organisation while it exists. An invoice is a legal record: deleting the
     * organisation keeps it (null here, the buyer's name and address stay in `buyer`) and
     * only the super admin reads it from then on.
     */
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'set null',
    }),
    /** A talent-pool purchase's seeker (the pool is one organisation): who may list it. */
    buyerUserId: uuid('buyer_user_id').references(() => users.id, { onDelete: 'set null' }),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'set null' }),
    /** The plan's name when issued (the line descriptions say the rest). */
    planName: text('plan_name'),
    status: text('status').notNull(),
    method: text('method').notNull(),
    /** The payment provider's id (a Stripe payment), null for a bank transfer. */
    externalId: text('external_id'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    lines: jsonb('lines').$type<InvoiceLine[]>().notNull(),
    /** How to pay by bank transfer (INVOICE_PAYMENT_DETAILS when issued); null without. */
    paymentDetails: text('payment_details'),
    taxes: jsonb('taxes').$type<InvoiceTax[]>().notNull(),
    currency: text('currency').notNull(),
    subtotalMinor: integer('subtotal_minor').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.number),
    // A provider's payment is invoiced once, however often its event is delivered.
    uniqueIndex('invoices_external_unique')
      .on(t.method, t.externalId)
      .where(sql`${t.externalId} IS NOT NULL`),
    // One invoice waiting for payment per plan: asking again answers the same one.
    uniqueIndex('invoices_one_open_per_plan')
      .on(t.planId)
      .where(sql`${t.status} = 'open'`),
    index('invoices_org_idx').on(t.organizationId, t.issuedAt),
    check('invoices_status_known', sql`${t.status} IN ('open', 'paid', 'void')`),
    check('invoices_method_known', sql`${t.method} IN ('card', 'manual')`),
    check('invoices_total_adds_up', sql`${t.totalMinor} = ${t.subtotalMinor} + ${t.taxMinor}`),
  ],
);
