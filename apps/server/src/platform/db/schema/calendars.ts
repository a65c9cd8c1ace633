import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AutoJoinRule, CalendarProvider } from '@parley/contracts';
import { organizationRef, users } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { meetings } from './meetings.js';

const userRef = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * One user's connection to their Google or Microsoft calendar (issue 18 item 3): per user, not
 * per organisation, so not an integration_configs row. Tokens are sealed (SecretBox) and bound
 * to the row's user and provider; `syncState` is Google's syncToken or Microsoft's deltaLink.
 */
export const calendarConnections = pgTable(
  'calendar_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    userId: userRef(),
    provider: text('provider').$type<CalendarProvider>().notNull(),
    accountEmail: text('account_email').notNull(),
    /** 'connected', or 'reconnect' once the provider refused the refresh token. */
    status: text('status').$type<'connected' | 'reconnect'>().notNull().default('connected'),
    secretSealed: text('secret_sealed').notNull(),
    syncState: text('sync_state'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('calendar_connections_user_provider_uq').on(t.userId, t.provider),
    index('calendar_connections_sync_idx').on(t.lastSyncAt),
  ],
);

/**
 * A calendar event with a meeting link, and the scheduled meeting it shows as. `autoJoin` is
 * the user's per-event toggle (null follows the rule); `joinJobId` the pg-boss job waiting for
 * its start; `joinedAt` is claimed once, so the bot is asked to join at most once.
 */
export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    userId: userRef(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => calendarConnections.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    meetingId: uuid('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    meetingLink: text('meeting_link').notNull(),
    hostedByMe: boolean('hosted_by_me').notNull(),
    attendeeEmails: jsonb('attendee_emails').$type<string[]>().notNull().default([]),
    autoJoin: boolean('auto_join'),
    joinJobId: text('join_job_id'),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    joinError: text('join_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('calendar_events_connection_external_uq').on(t.connectionId, t.externalId),
    index('calendar_events_user_start_idx').on(t.userId, t.startAt),
    index('calendar_events_meeting_idx').on(t.meetingId),
  ],
);

/** A user's auto-join rule; no row means 'none'. */
export const calendarPreferences = pgTable('calendar_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  organizationId: organizationRef(),
  autoJoinRule: text('auto_join_rule').$type<AutoJoinRule>().notNull().default('none'),
  updatedAt: updatedAt(),
});

/**
 * One Zoom cloud recording announced by a `recording.completed` webhook: unique per
 * organisation and recording, so a replayed webhook imports nothing twice.
 */
export const zoomRecordings = pgTable(
  'zoom_recordings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    /** Zoom's meeting instance uuid. */
    recordingUuid: text('recording_uuid').notNull(),
    topic: text('topic').notNull(),
    hostEmail: text('host_email'),
    startTime: timestamp('start_time', { withTimezone: true }),
    /** The chosen file (MP4 first, else M4A) and the short-lived token to download it with. */
    downloadUrl: text('download_url').notNull(),
    fileType: text('file_type').notNull(),
    downloadTokenSealed: text('download_token_sealed'),
    state: text('state').$type<'importing' | 'imported' | 'failed'>().notNull(),
    meetingId: uuid('meeting_id').references(() => meetings.id, { onDelete: 'set null' }),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('zoom_recordings_org_uuid_uq').on(t.organizationId, t.recordingUuid)],
);
