import { z } from 'zod';
import { lipSyncResponseSchema, videoEvent } from './video-signals.js';

/**
 * The 'lip sync data' realtime event (spec 2 §3) carries two shapes, told apart by `kind`:
 * a live `window` per person while the video step reads the frames (the page queues these,
 * spec 2 §4), and the meeting's `summary` once every frame is in. Both stay small, far
 * below PostgreSQL NOTIFY's 8000 bytes; the per-frame series is read from GET
 * inference/lipsync.
 */
export const LIP_SYNC_EVENT = videoEvent('lip sync', 'data');

const lipSyncPersonSchema = lipSyncResponseSchema.shape.persons.element;
const lipSyncStatusSchema = lipSyncPersonSchema.shape.status;

export const lipSyncWindowEventSchema = z.object({
  kind: z.literal('window'),
  meetingId: z.string(),
  /** The face track ('person_01'), as in GET inference/lipsync. */
  personId: z.string(),
  /** Seconds from the start of the recording; the window is [start, end). */
  start: z.number().nonnegative(),
  end: z.number().nonnegative(),
  /** Pearson r of mouth opening and voice level in the window; null when either was constant. */
  score: z.number().min(-1).max(1).nullable(),
  status: lipSyncStatusSchema,
  /** The person's frames in the window. */
  frames: z.number().int().nonnegative(),
  /** The score at or above which the lips are taken to follow the voice. */
  threshold: z.number(),
});
export type LipSyncWindowEvent = z.infer<typeof lipSyncWindowEventSchema>;

export const lipSyncSummaryEventSchema = z.object({
  kind: z.literal('summary'),
  meetingId: z.string(),
  /** GET inference/lipsync's answer without the per-frame samples (NOTIFY keeps it small). */
  lipSync: lipSyncResponseSchema.pick({ available: true, reason: true }).extend({
    persons: z.array(lipSyncPersonSchema.omit({ samples: true })),
  }),
});
export type LipSyncSummaryEvent = z.infer<typeof lipSyncSummaryEventSchema>;

export const lipSyncEventSchema = z.discriminatedUnion('kind', [
  lipSyncWindowEventSchema,
  lipSyncSummaryEventSchema,
]);
export type LipSyncEvent = z.infer<typeof lipSyncEventSchema>;
