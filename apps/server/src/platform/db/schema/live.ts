import { index, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
