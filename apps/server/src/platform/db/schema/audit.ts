import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts.js';
import { createdAt } from './columns.js';

/** Every authenticated call (spec 3 User Logs). Never holds bodies, codes or tokens. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id').references(() => organizations.id, {
      onDelete: 'cascade',
    }),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    // user_id last: the per-user and per-day counts of an organisation read only this index.
    index('activity_org_time_idx').on(t.organizationId, t.createdAt, t.userId),
    index('activity_user_time_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * What each daily retention pass deleted in an organisation (issue 20): the log an
 * administrator reads back on the settings page. Only passes that deleted something are kept.
 */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    recordingsDeleted: integer('recordings_deleted').notNull(),
    transcriptsDeleted: integer('transcripts_deleted').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('retention_runs_org_time_idx').on(t.organizationId, t.createdAt)],
);
