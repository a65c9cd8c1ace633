import { index, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TrackerSide } from '@parley/contracts';
import { organizationRef, users } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { meetingRef } from './meetings.js';

/** An organisation's keyword tracker (issue 16 item 4): a name and the phrases that mention it. */
export const trackers = pgTable(
  'trackers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    phrases: text('phrases').array().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('trackers_org_name_uq').on(t.organizationId, t.name)],
);

/**
 * Each mention of a tracker in a meeting's transcript, rewritten whenever the transcript or the
 * tracker changes; removed with either.
 */
export const trackerHits = pgTable(
  'tracker_hits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trackerId: uuid('tracker_id')
      .notNull()
      .references(() => trackers.id, { onDelete: 'cascade' }),
    meetingId: meetingRef(),
    organizationId: organizationRef(),
    start: numeric('start_sec', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    end: numeric('end_sec', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    /** Indices of the first and last matched word in the transcript's words. */
    wordStart: integer('word_start').notNull(),
    wordEnd: integer('word_end').notNull(),
    speaker: text('speaker').notNull(),
    side: text('side').$type<TrackerSide>().notNull().default('unknown'),
    /** The tracker's phrase that matched, as the tracker spells it. */
    phrase: text('phrase').notNull(),
  },
  (t) => [
    index('tracker_hits_meeting_idx').on(t.meetingId, t.start),
    // Counts over time read one organisation's hits per tracker, then join their meetings.
    index('tracker_hits_org_tracker_idx').on(t.organizationId, t.trackerId, t.meetingId),
    index('tracker_hits_tracker_meeting_idx').on(t.trackerId, t.meetingId),
  ],
);
