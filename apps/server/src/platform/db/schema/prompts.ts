import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizationRef, organizations, users } from './accounts.js';
import { createdAt, real, updatedAt } from './columns.js';

/** Saved workbench prompts (spec 3 §3 stored prompt). Private ones are their author's only. */
export const prompts = pgTable(
  'prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    promptName: text('prompt_name').notNull(),
    /** Free text as the spec sends it (may be empty): no foreign key. */
    meetingId: text('meeting_id').notNull().default(''),
    meetingCode: text('meeting_code').notNull().default(''),
    featureId: text('feature_id').notNull().default(''),
    model: text('model').notNull(),
    access: text('access').notNull().default('Private'),
    result: text('result').notNull().default(''),
    bundleId: text('bundle_id').notNull().default(''),
    index: integer('index').notNull().default(0),
    maxOutputToken: integer('max_output_token'),
    temperature: real('temperature'),
    topP: real('top_p'),
    topK: integer('top_k'),
    frequencyPenalty: real('frequency_penalty'),
    presencePenalty: real('presence_penalty'),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    additionalDetails: jsonb('additional_details')
      .$type<Record<string, unknown>>()
      .notNull()
      .default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('prompts_org_updated_idx').on(t.organizationId, t.updatedAt),
    index('prompts_org_meeting_idx').on(t.organizationId, t.meetingId),
  ],
);

/** Spec 3 §7 Zai settings: one row per organisation. */
export const zaiSettings = pgTable('zai_settings', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  defaultModel: text('default_model'),
  insightsModel: text('insights_model'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Spec 3 §7 Models: the catalogue every organisation picks from (super admin edits it). */
export const aiModels = pgTable(
  'ai_models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    label: text('label').notNull(),
    provider: text('provider').notNull(),
    contextTokens: integer('context_tokens'),
    inputPricePerMTok: real('input_price_per_mtok'),
    outputPricePerMTok: real('output_price_per_mtok'),
    status: text('status').notNull().default('active'),
    /** Prompt runs with this model, all organisations. */
    count: integer('count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('ai_models_name_uq').on(t.name)],
);
