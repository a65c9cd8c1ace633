import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InsightCitations, InsightGroup, InsightItem, InsightResult } from '@parley/contracts';
import { organizationRef } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { meetingKey, meetingRef } from './meetings.js';

/**
 * One row per meeting and prompt: the latest answer of a Zai prompt (ARCHITECTURE §4 step 6),
 * in the spec's result shape, with the transcript moments behind every insight and score.
 */
export const meetingInsights = pgTable(
  'meeting_insights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: meetingRef(),
    organizationId: organizationRef(),
    /** The analysis run that wrote it; null when an AI-kit call on the stored transcript did. */
    runId: uuid('run_id'),
    promptName: text('prompt_name').notNull(),
    group: text('group').$type<InsightGroup>().notNull(),
    result: jsonb('result').$type<InsightResult>().notNull(),
    citations: jsonb('citations').$type<InsightCitations>().notNull(),
    provider: text('provider').notNull(),
    model: text('model').notNull(),
    inputTokens: integer('input_tokens').notNull().default(0),
    outputTokens: integer('output_tokens').notNull().default(0),
    /** US dollars; null when the model's price is unknown. */
    costUsd: numeric('cost_usd', { precision: 12, scale: 6, mode: 'number' }),
    /**
     * The result's score when it has a numeric one, kept by the database itself so the sales
     * views average scores without reading every result's JSON.
     */
    score: doublePrecision('score').generatedAlwaysAs(
      (): ReturnType<typeof sql> =>
        sql`case when jsonb_typeof("result" -> 'score') = 'number' then ("result" ->> 'score')::float8 end`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('meeting_insights_prompt_uq').on(t.meetingId, t.promptName),
    index('meeting_insights_org_idx').on(t.organizationId),
    // The scored answers alone, with what the performance view reads of them (index-only).
    index('meeting_insights_scored_idx')
      .on(t.meetingId, t.promptName, t.score)
      .where(sql`${t.score} is not null`),
  ],
);

/** POST public/{meetingCode}: an analysis kept behind a link; only Public ones are served. */
export const insightLinks = pgTable('insight_links', {
  meetingId: meetingKey(),
  organizationId: organizationRef(),
  /** sha-256 of the token; the token itself is only ever in the creator's answer. */
  tokenHash: text('token_hash').notNull().unique(),
  access: text('access').$type<'Public' | 'Private'>().notNull(),
  results: jsonb('results')
    .$type<Pick<InsightItem, 'promptName' | 'result' | 'citations'>[]>()
    .notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
