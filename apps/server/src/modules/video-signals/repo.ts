import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { meetingVideoSignals } from '../../platform/db/schema.js';

export type VideoSignalsRow = typeof meetingVideoSignals.$inferSelect;
export type NewVideoSignals = typeof meetingVideoSignals.$inferInsert;
type PhysiologyPatch = Partial<
  Pick<VideoSignalsRow, 'physiology' | 'physiologyState' | 'physiologyProgress' | 'physiologyError'>
>;

/**
 * The video step's output, one row per meeting. Readers pass the organisation too (the
 * inference service has checked the meeting is visible to the caller first).
 */
export function createVideoSignalsRepo(db: Db) {
  return {
    async byMeeting(organizationId: string, meetingId: string): Promise<VideoSignalsRow | null> {
      const [row] = await db
        .select()
        .from(meetingVideoSignals)
        .where(
          and(
            eq(meetingVideoSignals.meetingId, meetingId),
            eq(meetingVideoSignals.organizationId, organizationId),
          ),
        );
      return row ?? null;
    },

    /** A re-run replaces the face results; physiology is replaced only when given. */
    async save(values: NewVideoSignals, now: Date): Promise<void> {
      const { meetingId: _id, organizationId: _org, ...rest } = values;
      await db
        .insert(meetingVideoSignals)
        .values({ ...values, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: meetingVideoSignals.meetingId,
          set: { ...rest, updatedAt: now },
        });
    },

    async patchPhysiology(meetingId: string, patch: PhysiologyPatch, now: Date): Promise<boolean> {
      const rows = await db
        .update(meetingVideoSignals)
        .set({ ...patch, updatedAt: now })
        .where(eq(meetingVideoSignals.meetingId, meetingId))
        .returning({ id: meetingVideoSignals.meetingId });
      return rows.length > 0;
    },
  };
}
export type VideoSignalsRepo = ReturnType<typeof createVideoSignalsRepo>;
