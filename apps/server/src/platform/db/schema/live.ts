import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { LivePhysiologyEstimate } from '@parley/contracts';
import { organizationRef } from './accounts.js';
import { createdAt } from './columns.js';
import { meetingRef } from './meetings.js';

/**
 * Final segments of a live call's transcript (issue 18 item 4), one row per utterance, so a
 * page opened mid-call, or after it, reads the transcript so far from any process. They seed
 * nothing else: the offline pipeline transcribes the recording again when the call ends.
 */
export const liveSegments = pgTable(
  'live_segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    meetingId: meetingRef(),
    /** The utterance id the realtime events carried (`${speakerId}-${n}`). */
    segmentId: text('segment_id').notNull(),
    speakerId: text('speaker_id').notNull(),
    speakerName: text('speaker_name').notNull(),
    content: text('content').notNull(),
    startSec: numeric('start_sec', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    endSec: numeric('end_sec', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    words: jsonb('words').$type<{ word: string; start: number; end: number }[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('live_segments_meeting_idx').on(t.meetingId, t.startSec)],
);

/**
 * Live physiology captures (issue 18 item 5): one row per start, by the participant whose own
 * camera gives the skin trace. Stop stores the last estimate as the summary, so the meeting
 * page shows it after the call. The trace itself is never stored.
 */
export const livePhysiologyRuns = pgTable(
  'live_physiology_runs',
  {
    /** The inferenceId of start-physiology and stop-physiology. */
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    meetingId: meetingRef(),
    userId: uuid('user_id').notNull(),
    subjectName: text('subject_name').notNull(),
    /** running | done | failed. */
    state: text('state').notNull().default('running'),
    samples: integer('samples').notNull().default(0),
    summary: jsonb('summary').$type<LivePhysiologyEstimate>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => [index('live_physiology_runs_meeting_idx').on(t.meetingId, t.startedAt)],
);
