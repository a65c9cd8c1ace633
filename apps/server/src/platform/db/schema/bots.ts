import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BotProvider, BotState } from '@parley/contracts';
import { organizationRef, users } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { meetings } from './meetings.js';

/** One state a bot went through, in order (the row's `history`). */
export interface BotStateChange {
  state: BotState;
  reason: string | null;
  at: string;
}

/**
 * A bot sent to a meeting (issue 18 item 2): which service runs it and its id there, where it
 * is in the call, and the participants' consent. `recordingStartedAt` and
 * `recordingStoppedAt` let the recording imported at the end be cut where consent was withdrawn.
 */
export const meetingBots = pgTable(
  'meeting_bots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').$type<BotProvider>().notNull(),
    /** The service's own id for the bot; null until it answered the join. */
    externalId: text('external_id'),
    state: text('state').$type<BotState>().notNull(),
    reason: text('reason'),
    allowRecording: boolean('allow_recording').notNull().default(true),
    history: jsonb('history').$type<BotStateChange[]>().notNull().default([]),
    recordingStartedAt: timestamp('recording_started_at', { withTimezone: true }),
    recordingStoppedAt: timestamp('recording_stopped_at', { withTimezone: true }),
    /** When the call's recording became the meeting's media (imported once). */
    recordingImportedAt: timestamp('recording_imported_at', { withTimezone: true }),
    /** Sealed {email, password} the bot signs in with (meeting/login-bot); never returned. */
    login: text('login'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('meeting_bots_meeting_idx').on(t.meetingId),
    index('meeting_bots_external_idx').on(t.provider, t.externalId),
  ],
);

/** Webhook deliveries already applied, by the service's delivery id: a replay does nothing. */
export const botWebhookEvents = pgTable(
  'bot_webhook_events',
  {
    provider: text('provider').$type<BotProvider>().notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);
