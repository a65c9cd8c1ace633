import { and, desc, eq, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { RetentionRun, RetentionSettings } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import {
  meetingTranscripts,
  meetings,
  organizations,
  retentionRuns,
  transcriptSegments,
} from '../../platform/db/schema.js';

const settingsColumns = {
  recordingsDays: organizations.retentionRecordingsDays,
  transcriptsDays: organizations.retentionTranscriptsDays,
};

/** Meetings a pass handles at a time: bounded memory and short transactions. */
const BATCH = 100;

export function createRetentionRepo(db: Db) {
  return {
    async settings(organizationId: string): Promise<RetentionSettings | null> {
      const [row] = await db
        .select(settingsColumns)
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row ?? null;
    },

    async update(organizationId: string, patch: Partial<RetentionSettings>, now: Date) {
      await db
        .update(organizations)
        .set({
          ...(patch.recordingsDays !== undefined
            ? { retentionRecordingsDays: patch.recordingsDays }
            : {}),
          ...(patch.transcriptsDays !== undefined
            ? { retentionTranscriptsDays: patch.transcriptsDays }
            : {}),
          updatedAt: now,
        })
        .where(eq(organizations.id, organizationId));
    },

    /** Organisations with either limit set (deleted ones are removed by their own job). */
    async withRetention() {
      return db
        .select({ id: organizations.id, ...settingsColumns })
        .from(organizations)
        .where(
          or(
            isNotNull(organizations.retentionRecordingsDays),
            isNotNull(organizations.retentionTranscriptsDays),
          ),
        );
    },

    /** Meetings of the organisation older than `before` that still have media keys. */
    async withMediaBefore(organizationId: string, before: Date) {
      return db
        .select()
        .from(meetings)
        .where(
          and(
            eq(meetings.organizationId, organizationId),
            lt(meetings.createdAt, before),
            or(
              isNotNull(meetings.sourceKey),
              isNotNull(meetings.playbackKey),
              isNotNull(meetings.thumbnailKey),
            ),
          ),
        )
        .limit(BATCH);
    },

    /** Once its files are gone: the meeting stays, with no media to point at. */
    async clearMedia(meetingId: string, now: Date) {
      await db
        .update(meetings)
        .set({ sourceKey: null, playbackKey: null, thumbnailKey: null, updatedAt: now })
        .where(eq(meetings.id, meetingId));
    },

    /** Deletes the transcripts (and their search segments) of meetings older than `before`. */
    async deleteTranscriptsBefore(organizationId: string, before: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const old = tx
          .select({ id: meetings.id })
          .from(meetings)
          .where(and(eq(meetings.organizationId, organizationId), lt(meetings.createdAt, before)));
        await tx
          .delete(transcriptSegments)
          .where(
            and(
              eq(transcriptSegments.organizationId, organizationId),
              inArray(transcriptSegments.meetingId, old),
            ),
          );
        const gone = await tx
          .delete(meetingTranscripts)
          .where(
            and(
              eq(meetingTranscripts.organizationId, organizationId),
              inArray(meetingTranscripts.meetingId, old),
            ),
          )
          .returning({ id: meetingTranscripts.meetingId });
        return gone.length;
      });
    },

    async logRun(organizationId: string, recordings: number, transcripts: number, now: Date) {
      await db.insert(retentionRuns).values({
        organizationId,
        recordingsDeleted: recordings,
        transcriptsDeleted: transcripts,
        createdAt: now,
      });
    },

    async runs(organizationId: string, limit = 10): Promise<RetentionRun[]> {
      const rows = await db
        .select()
        .from(retentionRuns)
        .where(eq(retentionRuns.organizationId, organizationId))
        .orderBy(desc(retentionRuns.createdAt))
        .limit(limit);
      return rows.map((r) => ({
        ranAt: r.createdAt.toISOString(),
        recordingsDeleted: r.recordingsDeleted,
        transcriptsDeleted: r.transcriptsDeleted,
      }));
    },
  };
}
export type RetentionRepo = ReturnType<typeof createRetentionRepo>;
