import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { withoutServerDetails } from '../../platform/errors.js';
import { meetings, type MediaNotice } from '../../platform/db/schema.js';
import { visibleTo } from './visibility.js';
import type { Caller } from '../../platform/http/caller.js';
import { isUniqueViolation, isUuid } from '../../platform/db/values.js';

export type MeetingRow = typeof meetings.$inferSelect;
export type NewMeeting = typeof meetings.$inferInsert;

/** What the media step learns about a meeting's file. */
export interface MediaFields {
  durationSec?: number | null;
  /** Set by the speech step: what could not be read or transcribed (null: nothing). */
  mediaNotice?: MediaNotice | null;
  thumbnailKey?: string | null;
  playbackKey?: string | null;
}

// Kept where the meetings module's files have always found them.
export { isUniqueViolation, isUuid };

export function createMeetingsRepo(db: Db) {
  return {
    async insert(values: NewMeeting): Promise<MeetingRow> {
      const [row] = await db.insert(meetings).values(values).returning();
      if (!row) throw new Error('meeting insert returned nothing');
      return row;
    },

    async byId(id: string): Promise<MeetingRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(meetings).where(eq(meetings.id, id));
      return row ?? null;
    },

    async visibleById(caller: Caller, id: string): Promise<MeetingRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(meetings)
        .where(and(eq(meetings.id, id), visibleTo(caller)));
      return row ?? null;
    },

    async codeExists(organizationId: string, meetingCode: string): Promise<boolean> {
      const [row] = await db
        .select({ id: meetings.id })
        .from(meetings)
        .where(
          and(eq(meetings.organizationId, organizationId), eq(meetings.meetingCode, meetingCode)),
        )
        .limit(1);
      return Boolean(row);
    },

    async byCode(organizationId: string, meetingCode: string): Promise<MeetingRow | null> {
      const [row] = await db
        .select()
        .from(meetings)
        .where(
          and(eq(meetings.organizationId, organizationId), eq(meetings.meetingCode, meetingCode)),
        );
      return row ?? null;
    },

    /** Null when the meeting is gone (deleted while its media was being processed). */
    async updateMedia(id: string, fields: MediaFields, now: Date): Promise<MeetingRow | null> {
      const [row] = await db
        .update(meetings)
        .set({ ...fields, updatedAt: now })
        .where(eq(meetings.id, id))
        .returning();
      return row ?? null;
    },

    async setStatus(
      id: string,
      status: MeetingRow['inferenceStatus'],
      statusReason: string | null,
      now: Date,
    ): Promise<MeetingRow | null> {
      const [row] = await db
        .update(meetings)
        .set({
          inferenceStatus: status,
          // Shown to users as stored: whoever wrote it, no server path or stack gets in.
          statusReason: statusReason === null ? null : withoutServerDetails(statusReason),
          updatedAt: now,
        })
        .where(eq(meetings.id, id))
        .returning();
      return row ?? null;
    },

    /**
     * Names and unnames speakers in one statement (jsonb merge, then key removal), so two
     * people naming different speakers at once both keep their change. Other keys stay.
     */
    async nameSpeakers(
      id: string,
      names: Record<string, string>,
      removed: readonly string[],
      now: Date,
    ): Promise<MeetingRow | null> {
      let details = sql`${meetings.additionalDetails} || ${JSON.stringify(names)}::jsonb`;
      for (const key of removed) details = sql`(${details}) - ${key}::text`;
      const [row] = await db
        .update(meetings)
        .set({ additionalDetails: details, updatedAt: now })
        .where(eq(meetings.id, id))
        .returning();
      return row ?? null;
    },

    /** Names speakers nobody has named yet: a name a person gave is kept. */
    async nameUnnamedSpeakers(
      id: string,
      names: Record<string, string>,
      now: Date,
    ): Promise<MeetingRow | null> {
      const [row] = await db
        .update(meetings)
        .set({
          additionalDetails: sql`${JSON.stringify(names)}::jsonb || ${meetings.additionalDetails}`,
          updatedAt: now,
        })
        .where(eq(meetings.id, id))
        .returning();
      return row ?? null;
    },

    /**
     * A live call's recording became the meeting's source file: from now on it is analysed
     * like an uploaded one (the pipeline reads offline meetings only).
     */
    async attachRecording(
      id: string,
      file: {
        storageProvider: MeetingRow['storageProvider'];
        sourceKey: string;
        mimeType: string | null;
        sizeBytes: number;
      },
      now: Date,
    ): Promise<MeetingRow | null> {
      const [row] = await db
        .update(meetings)
        .set({ ...file, type: 'offline', statusReason: null, updatedAt: now })
        .where(eq(meetings.id, id))
        .returning();
      return row ?? null;
    },

    async setDeal(id: string, dealId: string | null, now: Date): Promise<MeetingRow | null> {
      const [row] = await db
        .update(meetings)
        .set({ dealId, updatedAt: now })
        .where(eq(meetings.id, id))
        .returning();
      return row ?? null;
    },

    /** A scheduled meeting's name, start and link (calendars: a rescheduled event). */
    async updateSchedule(
      id: string,
      fields: { meetingName: string; startTime: Date; meetingLink: string; searchText: string },
      now: Date,
    ): Promise<MeetingRow | null> {
      const [row] = await db
        .update(meetings)
        .set({ ...fields, updatedAt: now })
        .where(eq(meetings.id, id))
        .returning();
      return row ?? null;
    },

    async remove(id: string): Promise<MeetingRow | null> {
      const [row] = await db.delete(meetings).where(eq(meetings.id, id)).returning();
      return row ?? null;
    },
  };
}
export type MeetingsRepo = ReturnType<typeof createMeetingsRepo>;
