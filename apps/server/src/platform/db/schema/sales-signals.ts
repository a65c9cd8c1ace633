import {
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SalesSignal } from '@parley/contracts';
import { organizationRef, users } from './accounts.js';
import { meetingKey } from './meetings.js';
import { meetingStageEnum } from './stage.js';

/**
 * The rep's measured signals of each analysed call (issue 16 item 3), read once from the
 * call's stored text analytics for the owner's voice, so the performance view averages narrow
 * rows in SQL instead of parsing every call's analytics on each request. The sales module
 * writes a call's row when its analysis finishes, its transcript is corrected or its speakers
 * are named, and fills in calls analysed before this table existed at start-up.
 */
export const salesCallSignals = pgTable('sales_call_signals', {
  meetingId: meetingKey(),
  /** The voice read as the rep's (the speaker named as the owner, else speaker_00). */
  speaker: text('speaker').notNull(),
  talkRatio: doublePrecision('talk_ratio'),
  longestMonologueSec: doublePrecision('longest_monologue_sec'),
  questions: doublePrecision('questions'),
  interactivity: doublePrecision('interactivity'),
  fillerWords: doublePrecision('filler_words'),
  speakingRate: doublePrecision('speaking_rate'),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A sum and how many values it adds up. */
export interface Total {
  sum: number;
  count: number;
}

/**
 * Per organisation, rep and stage: the totals the performance view reads without filters by
 * deal or account (its calls with signals or a score, each signal's and each prompt's sum and
 * count), so the whole team's figures cost a read of one row per rep and stage. Database
 * triggers (migration 0026) mark a rep and stage stale in sales_stale_totals whenever one of
 * its calls, their signals or their scores change; the view computes the stale ones again
 * before it reads.
 */
export const salesRepTotals = pgTable(
  'sales_rep_totals',
  {
    organizationId: organizationRef(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stage: meetingStageEnum('stage').notNull(),
    calls: integer('calls').notNull(),
    signals: jsonb('signals').$type<Record<SalesSignal, Total>>().notNull(),
    /** Per scored prompt's name. */
    prompts: jsonb('prompts').$type<Record<string, Total>>().notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.ownerId, t.stage] })],
);

/**
 * The reps and stages whose totals are out of date (written by the triggers only). No key to
 * users: a rep's deleted meetings mark their stages as they go.
 */
export const salesStaleTotals = pgTable(
  'sales_stale_totals',
  {
    organizationId: organizationRef(),
    ownerId: uuid('owner_id').notNull(),
    stage: meetingStageEnum('stage').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.ownerId, t.stage] })],
);
