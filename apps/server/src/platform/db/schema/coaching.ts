import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CoachingContentType } from '@parley/contracts';
import { organizationRef, users } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { meetingRef, meetingStageEnum, meetings } from './meetings.js';

/**
 * Coaching content (spec 1 §3): a training video (a meeting of kind 'coaching') or a Google
 * Slides, Docs or Drive PDF link, under a sales stage. A default item belongs to the platform's
 * organisation and every organisation sees it; any other item only its organisation.
 */
export const coachingContents = pgTable(
  'coaching_contents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    isDefault: boolean('is_default').notNull().default(false),
    stage: meetingStageEnum('stage').notNull(),
    type: text('type').$type<CoachingContentType>().notNull(),
    title: text('title').notNull(),
    presentationUrl: text('presentation_url'),
    meetingId: uuid('meeting_id').references(() => meetings.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('coaching_contents_org_stage_idx').on(t.organizationId, t.stage, t.createdAt),
    index('coaching_contents_default_stage_idx')
      .on(t.stage, t.createdAt)
      .where(sql`${t.isDefault}`),
    uniqueIndex('coaching_contents_meeting_uq').on(t.meetingId),
  ],
);

/** A question as stored: the correct option ids never leave the server to a learner. */
export interface StoredQuizQuestion {
  id: string;
  text: string;
  kind: 'single' | 'multiple';
  options: { id: string; text: string }[];
  correct: string[];
  moment: { start: number; end: number } | null;
}

/** The quiz of a training video: one per video, in the video's organisation. */
export const coachingQuizzes = pgTable('coaching_quizzes', {
  id: uuid('id').primaryKey().defaultRandom(),
  meetingId: meetingRef().unique(),
  organizationId: organizationRef(),
  title: text('title').notNull().default(''),
  questions: jsonb('questions').$type<StoredQuizQuestion[]>().notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A learner's attempt at a quiz: answers by question id while in progress, scored by the server
 * on submit and then fixed. One open attempt per learner and quiz.
 */
export const coachingAttempts = pgTable(
  'coaching_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quizId: uuid('quiz_id')
      .notNull()
      .references(() => coachingQuizzes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The learner's organisation (the quiz may be a default one, of the platform's). */
    organizationId: organizationRef(),
    answers: jsonb('answers').$type<Record<string, string[]>>().notNull().default({}),
    status: text('status').$type<'in_progress' | 'completed'>().notNull().default('in_progress'),
    score: numeric('score', { precision: 5, scale: 1, mode: 'number' }),
    correctCount: integer('correct_count'),
    questionCount: integer('question_count').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coaching_attempts_open_uq')
      .on(t.quizId, t.userId)
      .where(sql`${t.status} = 'in_progress'`),
    index('coaching_attempts_user_idx').on(t.userId, t.quizId, t.completedAt),
  ],
);

/** How far a learner watched a training video: where to resume, how far they got, the score. */
export const coachingProgress = pgTable(
  'coaching_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    meetingId: meetingRef(),
    organizationId: organizationRef(),
    stage: meetingStageEnum('stage').notNull(),
    positionSec: numeric('position_sec', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    furthestSec: numeric('furthest_sec', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    totalSec: numeric('total_sec', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    quizScore: numeric('quiz_score', { precision: 5, scale: 1, mode: 'number' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.meetingId] }),
    index('coaching_progress_org_idx').on(t.organizationId, t.userId),
  ],
);
