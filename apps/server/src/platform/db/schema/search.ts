import { customType, index, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { organizationRef } from './accounts.js';
import { meetingRef } from './meetings.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A word of a segment with its time, so a match can be placed to the word. */
export interface SegmentWord {
  word: string;
  start: number;
  end: number;
}

/**
 * The transcript cut into short spans of one speaker (a sentence or a few seconds), indexed for
 * full-text search across every conversation. Rewritten whenever the transcript is.
 */
export const transcriptSegments = pgTable(
  'transcript_segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    meetingId: meetingRef(),
    organizationId: organizationRef(),
    /** Speaker key of the transcript (speaker_00); names come from the meeting. */
    speaker: text('speaker').notNull(),
    startSec: numeric('start_sec', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    endSec: numeric('end_sec', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    text: text('text').notNull(),
    words: jsonb('words').$type<SegmentWord[]>().notNull().default([]),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs((): ReturnType<typeof sql> => sql`to_tsvector('english', "text")`),
  },
  (t) => [
    index('transcript_segments_tsv_idx').using('gin', t.tsv),
    index('transcript_segments_meeting_idx').on(t.meetingId, t.startSec),
    index('transcript_segments_org_idx').on(t.organizationId),
  ],
);
