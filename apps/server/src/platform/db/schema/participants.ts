import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BiometricResult, BiometricRunState, BiometricStage } from '@parley/contracts';
import { organizationRef, users } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { meetingKey, meetingRef, meetings } from './meetings.js';

/** People invited to register face and voice for a meeting or interview (spec 2 §3 Participant). */
export const participants = pgTable(
  'participants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    meetingId: uuid('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    isHr: boolean('is_hr').notNull().default(false),
    applicantId: text('applicant_id'),
    /** HMAC of the invitation token; the token itself is only in the e-mail. */
    tokenHash: text('token_hash').notNull(),
    /** 'in_progress' until a registration with a face succeeds, then 'processed'. */
    status: text('status').notNull().default('in_progress'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('participants_org_email_uq').on(t.organizationId, t.email),
    uniqueIndex('participants_token_uq').on(t.tokenHash),
  ],
);

/**
 * Face and voice templates, sealed with the secret box under "<org>:<participant>:<kind>", so
 * a row holds no readable template and does not open when copied to another participant.
 * Deleted with the participant.
 */
export const biometricTemplates = pgTable(
  'biometric_templates',
  {
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    organizationId: organizationRef(),
    /** 'face' or 'voice'. */
    kind: text('kind').notNull(),
    sealed: text('sealed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.participantId, t.kind] })],
);

/** The latest offline verification of each participant in a meeting. */
export const biometricResults = pgTable(
  'biometric_results',
  {
    meetingId: meetingRef(),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    organizationId: organizationRef(),
    result: jsonb('result').$type<BiometricResult>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.participantId] })],
);

/**
 * The latest offline verification run of each meeting (one at a time): its job's run id,
 * state, stage and progress, read by the status route and a page opened mid-run.
 */
export const biometricRuns = pgTable('biometric_runs', {
  meetingId: meetingKey(),
  /** The organisation whose participants are verified (the meeting's, but for a super admin). */
  organizationId: organizationRef(),
  runId: uuid('run_id').notNull(),
  state: text('state').$type<BiometricRunState>().notNull(),
  stage: text('stage').$type<BiometricStage>(),
  progress: integer('progress').notNull().default(0),
  attempts: integer('attempts').notNull().default(0),
  error: text('error'),
  /** The one participant of offline/verify-biometric; null for all of the meeting's. */
  participantId: uuid('participant_id').references(() => participants.id, {
    onDelete: 'cascade',
  }),
  inferenceId: text('inference_id'),
  requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
