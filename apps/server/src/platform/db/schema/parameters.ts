import { integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizationRef } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';

/** Platform parameters (spec 3 §7): a row overrides the environment default of the same name. */
export const parameters = pgTable('parameters', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  value: text('value').notNull(),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** An organisation's own value for a threshold parameter; it wins over the parameter. */
export const organizationThresholds = pgTable(
  'organization_thresholds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    key: text('key').notNull(),
    value: integer('value').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('organization_thresholds_org_key_uq').on(t.organizationId, t.key)],
);
