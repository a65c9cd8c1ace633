import { doublePrecision, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { meetingKey } from './meetings.js';

/**
 * The rep's measured signals of each analysed call (issue 16 item 3), read once from the
 * call's stored text analytics for the owner's voice, so the performance view averages narrow
 * rows in SQL instead of parsing every call's analytics on each request. The sales module
 * writes a call's row when its analysis finishes, its transcript is corrected or its speakers
 * are named, and fills in calls analysed before this table existed at start-up.
 */
export const salesCallSignals = pgTable('sales_call_signals', {
  meetingId: meetingKey(),
  /** The voice read as the rep's (the speaker named as the owner, else speaker_00). */
  speaker: text('speaker').notNull(),
  talkRatio: doublePrecision('talk_ratio'),
  longestMonologueSec: doublePrecision('longest_monologue_sec'),
  questions: doublePrecision('questions'),
  interactivity: doublePrecision('interactivity'),
  fillerWords: doublePrecision('filler_words'),
  speakingRate: doublePrecision('speaking_rate'),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});
