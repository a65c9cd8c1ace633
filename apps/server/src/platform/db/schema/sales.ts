import {
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { DealNextStep, DealSource, DealWarning, UncheckedWarning } from '@parley/contracts';
import { organizationRef, users } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { meetingStageEnum } from './stage.js';

/**
 * Issue 16: the organisation's customer accounts, their opportunities (deals) and the deals'
 * contacts. `source` and `externalId` say where a row came from, so a CRM sync can upsert on
 * (organization, source, externalId) later; rows made in Parley have source 'parley' and no
 * external id.
 */
export const salesAccounts = pgTable(
  'sales_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    domain: text('domain'),
    source: text('source').$type<DealSource>().notNull().default('parley'),
    externalId: text('external_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sales_accounts_org_name_idx').on(t.organizationId, t.name),
    uniqueIndex('sales_accounts_external_uq')
      .on(t.organizationId, t.source, t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    accountId: uuid('account_id').references((): AnyPgColumn => salesAccounts.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    stage: meetingStageEnum('stage').notNull().default('prospecting_stage'),
    /** In the currency's major unit, two decimals. */
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    currency: text('currency').notNull().default('USD'),
    closeDate: date('close_date', { mode: 'string' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source').$type<DealSource>().notNull().default('parley'),
    externalId: text('external_id'),
    /** Issue 16 item 5: the latest computed warnings (the sales module's warnings job). */
    warnings: jsonb('warnings').$type<DealWarning[]>().notNull().default([]),
    warningsUnchecked: jsonb('warnings_unchecked')
      .$type<UncheckedWarning[]>()
      .notNull()
      .default([]),
    warningsAt: timestamp('warnings_at', { withTimezone: true }),
    /** The rules' version that computed them (WARNINGS_VERSION); older ones are redone. */
    warningsVersion: integer('warnings_version').notNull().default(0),
    /** The next step of its last call with analysed action items, computed with the warnings. */
    nextStep: jsonb('next_step').$type<DealNextStep>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('deals_org_stage_idx').on(t.organizationId, t.stage),
    index('deals_org_owner_idx').on(t.organizationId, t.ownerId),
    index('deals_org_account_idx').on(t.organizationId, t.accountId),
    index('deals_org_name_idx').on(t.organizationId, t.name),
    uniqueIndex('deals_external_uq')
      .on(t.organizationId, t.source, t.externalId)
      .where(sql`${t.externalId} is not null`),
  ],
);

/** The people on the customer's side of a deal; matched to meetings by e-mail. */
export const dealContacts = pgTable(
  'deal_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: text('role'),
    source: text('source').$type<DealSource>().notNull().default('parley'),
    externalId: text('external_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('deal_contacts_deal_email_uq').on(t.dealId, t.email),
    index('deal_contacts_org_email_idx').on(t.organizationId, t.email),
  ],
);

/**
 * Every stage a deal entered and when (its creation counts as entering its first stage). The
 * time a deal spent in a stage is from its row to the deal's next one; the organisation's
 * median of those finished spans is what "stuck in a stage" is measured against.
 */
export const dealStageChanges = pgTable(
  'deal_stage_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    stage: meetingStageEnum('stage').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deal_stage_changes_deal_idx').on(t.dealId, t.changedAt),
    index('deal_stage_changes_org_idx').on(t.organizationId),
  ],
);
