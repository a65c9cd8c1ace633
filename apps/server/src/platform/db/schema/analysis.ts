import { index, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizationRef, users } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { meetingKey, meetingRef } from './meetings.js';

/**
 * The analysis pipeline's state for a meeting (ARCHITECTURE §4): the current run and each
 * step's state, progress, attempts and last error. A re-analyze replaces runId, so a job of
 * an older run finds itself stale and stops.
 */
export const analysisRuns = pgTable('analysis_runs', {
  meetingId: meetingKey(),
  organizationId: organizationRef(),
  runId: uuid('run_id').notNull(),
  fromStep: text('from_step').notNull().default('media'),
  /** step -> { state, progress, attempts, error, startedAt, finishedAt } */
  steps: jsonb('steps').$type<Record<string, AnalysisStepRecord>>().notNull().default({}),
  /** The run whose credits were charged; equal to runId once the finish step has charged. */
  chargedRunId: uuid('charged_run_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export interface AnalysisStepRecord {
  state: 'pending' | 'running' | 'done' | 'failed' | 'skipped';
  progress: number;
  attempts: number;
  error: string | null;
  startedAt: string | null;
  finishedAt: string | null;
}

/** Words carry their speaker; times in seconds. */
export interface StoredWord {
  word: string;
  start: number;
  end: number;
  speaker: string;
  confidence: number | null;
}
export interface StoredTurn {
  speaker: string;
  start: number;
  end: number;
  /** Another speaker talks during part of this turn. */
  overlap?: boolean;
}

/** The speech step's output and the text step's analytics for a meeting. */
export const meetingTranscripts = pgTable('meeting_transcripts', {
  meetingId: meetingKey(),
  organizationId: organizationRef(),
  runId: uuid('run_id').notNull(),
  /** { name, model, quality } of the speech-to-text engine. */
  engine: jsonb('engine').$type<{ name: string; model: string; quality: string }>().notNull(),
  audioLengthSec: numeric('audio_length_sec', {
    precision: 12,
    scale: 3,
    mode: 'number',
  }).notNull(),
  words: jsonb('words').$type<StoredWord[]>().notNull().default([]),
  turns: jsonb('turns').$type<StoredTurn[]>().notNull().default([]),
  speakerCount: jsonb('speaker_count')
    .$type<{ value: number; source: 'estimated' | 'participants' }>()
    .notNull(),
  /** Conversation analytics (packages/analysis Analytics + questions); null until the text step. */
  analytics: jsonb('analytics').$type<Record<string, unknown>>(),
  /** The spoken language (ISO 639-1) and whether the engine detected it or was told it. */
  language: jsonb('language').$type<{ code: string; source: 'detected' | 'default' }>(),
  /**
   * The unmasked words when the organisation redacts PII and chose to keep originals; null
   * otherwise (the masked text is then the only copy).
   */
  originalWords: jsonb('original_words').$type<StoredWord[]>(),
  editedAt: timestamp('edited_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Saved moments of a meeting (spec 2 §7 Highlights). */
export const highlights = pgTable(
  'highlights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    meetingId: meetingRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startSec: numeric('start_sec', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    endSec: numeric('end_sec', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    title: text('title').notNull(),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('highlights_meeting_idx').on(t.meetingId, t.startSec)],
);
