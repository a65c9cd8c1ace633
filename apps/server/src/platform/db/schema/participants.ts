import {
  boolean,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BiometricResult } from '@parley/contracts';
import { organizations, users } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { meetings } from './meetings.js';

/** People invited to register face and voice for a meeting or interview (spec 2 §3 Participant). */
export const participants = pgTable(
  'participants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
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
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
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
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => participants.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    result: jsonb('result').$type<BiometricResult>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.participantId] })],
);
