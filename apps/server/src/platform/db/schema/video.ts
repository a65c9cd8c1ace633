import { boolean, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organizationRef } from './accounts.js';
import { createdAt, updatedAt } from './columns.js';
import { meetingKey } from './meetings.js';

/**
 * One sampled frame, compact: per face [personId, pose class, yaw°, pitch°, the seven emotion
 * scores in EMOTION_LABELS order] — an hour at 2 fps stays a few MB.
 */
export type StoredFrameFace = [string, string, number, number, number[]];
export interface StoredFrame {
  t: number;
  f: StoredFrameFace[];
}

/** Physiology per tracked person (the analysis package's PhysiologyResult, stored as is). */
export interface StoredPhysiology {
  fps: number;
  persons: { personId: string; result: Record<string, unknown> }[];
}

/**
 * The 'video' step's output for a meeting (ARCHITECTURE §4): face summaries (head pose,
 * gaze, emotions, demographics, proctoring, lip sync, experimental truthfulness), the
 * per-frame series and physiology. `summary` is analyzeFaces' result without its frames;
 * face templates in it never leave the server.
 */
export const meetingVideoSignals = pgTable('meeting_video_signals', {
  meetingId: meetingKey(),
  organizationId: organizationRef(),
  runId: uuid('run_id'),
  /** False for audio-only media: the step stored that there is nothing to see. */
  hasVideo: boolean('has_video').notNull().default(true),
  engine: text('engine').notNull(),
  model: text('model').notNull(),
  fps: integer('fps'),
  summary: jsonb('summary').$type<Record<string, unknown>>(),
  frames: jsonb('frames').$type<StoredFrame[]>().notNull().default([]),
  physiology: jsonb('physiology').$type<StoredPhysiology>(),
  /** idle | running | done | failed, for meeting/physiology/status. */
  physiologyState: text('physiology_state').notNull().default('idle'),
  physiologyProgress: integer('physiology_progress').notNull().default(0),
  physiologyError: text('physiology_error'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
