import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * Data retention, an organisation setting (issue 20 item 6): a daily job deletes the
 * recordings (media files: source, playback rendition, thumbnail and derived files) and/or the
 * transcripts of the organisation's meetings older than the given number of days. null keeps
 * them for ever (the default). The meeting itself and its analysis stay.
 */
export const RETENTION_MAX_DAYS = 3650;
const days = z.number().int().min(1).max(RETENTION_MAX_DAYS).nullable();

export const retentionSettingsSchema = z.object({
  recordingsDays: days,
  transcriptsDays: days,
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

export const updateRetentionBody = retentionSettingsSchema
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Nothing to change' });

/** One daily pass over the organisation, as its log keeps it. */
export const retentionRunSchema = z.object({
  ranAt: z.string(),
  recordingsDeleted: z.number().int(),
  transcriptsDeleted: z.number().int(),
});
export type RetentionRun = z.infer<typeof retentionRunSchema>;

export const retentionViewSchema = retentionSettingsSchema.extend({
  /** The latest passes that deleted something, newest first. */
  runs: z.array(retentionRunSchema),
});
export type RetentionView = z.infer<typeof retentionViewSchema>;

const tags = ['retention'];

export const retentionRoutes = {
  getSettings: defineRoute({
    method: 'GET',
    path: '/organization/retention',
    summary: 'The own organisation’s retention settings and what the daily pass deleted lately',
    tags,
    auth: true,
    permission: 'organization.manage',
    response: retentionViewSchema,
  }),
  updateSettings: defineRoute({
    method: 'PATCH',
    path: '/organization/retention',
    summary:
      'Delete recordings and/or transcripts of meetings older than N days (null: keep them); applied by the daily pass',
    tags,
    auth: true,
    permission: 'organization.manage',
    body: updateRetentionBody,
    response: retentionViewSchema,
  }),
} as const;
