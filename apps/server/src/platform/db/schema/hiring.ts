import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { INTERVIEW_STATUSES, type Evidence, type JobCompetency } from '@parley/contracts';
import { organizationRef, users } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { meetingKey, meetingRef } from './meetings.js';

export const interviewStatusEnum = pgEnum('interview_status', INTERVIEW_STATUSES);

/** A job being hired for, with its interview kit (competencies, questions, 1–5 rubric). */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    title: text('title').notNull(),
    role: text('role').notNull().default(''),
    description: text('description').notNull().default(''),
    competencies: jsonb('competencies').$type<JobCompetency[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('jobs_org_created_idx').on(t.organizationId, t.createdAt)],
);

/** A person interviewed; their id is the applicantId of the HR registration link. */
export const candidates = pgTable(
  'candidates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('candidates_org_email_uq').on(t.organizationId, t.email)],
);

/** The hiring side of an interview meeting (spec 2 §3 Interview); one per meeting. */
export const interviews = pgTable(
  'interviews',
  {
    meetingId: meetingKey(),
    organizationId: organizationRef(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    candidateId: uuid('candidate_id').references(() => candidates.id, { onDelete: 'set null' }),
    round: integer('round').notNull().default(1),
    lastRound: boolean('last_round').notNull().default(false),
    status: interviewStatusEnum('status').notNull().default('pending'),
    /** When the candidate was last sent the next round's invitation. */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('interviews_org_round_status_idx').on(t.organizationId, t.round, t.status),
    index('interviews_job_candidate_idx').on(t.jobId, t.candidateId),
    index('interviews_candidate_idx').on(t.candidateId),
  ],
);

/** One competency's rating on a scorecard; rating null when it was not discussed. */
export interface StoredRating {
  competency: string;
  rating: number | null;
  discussed: boolean;
  notes: string;
  evidence: Evidence[];
}

/**
 * A scorecard of an interview: Zai's draft (author null, one per meeting) or an interviewer's
 * own (one per meeting and author), submitted with an overall recommendation.
 */
export const scorecards = pgTable(
  'scorecards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    meetingId: meetingRef(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'cascade' }),
    ratings: jsonb('ratings').$type<StoredRating[]>().notNull().default([]),
    recommendation: text('recommendation'),
    summary: text('summary').notNull().default(''),
    /** The engine that drafted it (Zai drafts only). */
    provider: text('provider'),
    model: text('model'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('scorecards_meeting_author_uq').on(t.meetingId, t.authorId),
    uniqueIndex('scorecards_meeting_draft_uq')
      .on(t.meetingId)
      .where(sql`${t.authorId} is null`),
  ],
);
