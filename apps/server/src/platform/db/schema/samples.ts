import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Sample content the first start added, by name: a sample someone deleted stays deleted, since
 * a later start sees its row here and does not add it again.
 */
export const seededSamples = pgTable('seeded_samples', {
  name: text('name').primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});
