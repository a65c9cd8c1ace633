import { customType, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { organizationRef } from './accounts.js';
import { meetingRef } from './meetings.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
    /**
     * When each word of `text` starts, in milliseconds: the n-th space-separated word of the
     * text starts at the n-th, so a match is placed to its word. An integer array rather than
     * the words as JSON keeps a row near 450 bytes instead of 1,500 (bench/
     * transcript-search.bench.mjs: the table of 5 million words went from 521 MB to 149 MB,
     * which is what a search of a frequent word reads).
     */
    wordStartsMs: integer('word_starts_ms')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
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
