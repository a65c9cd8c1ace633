import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizationRef } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';

/** Connected outside services per organisation (spec 3 §3 Integration map and configuration). */
export const integrationConfigs = pgTable(
  'integration_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    /** 'aws', 'azure', later 'chatgpt', 'claude-ai', 'gemini', 'zoom', … */
    provider: text('provider').notNull(),
    status: text('status').notNull().default('connected'),
    /** Non-secret settings shown back to the user (bucket, region, container, endpoint). */
    settings: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
    /** AES-256-GCM sealed JSON of the credentials; never returned. */
    secretSealed: text('secret_sealed'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('integration_org_provider_uq').on(t.organizationId, t.provider)],
);
