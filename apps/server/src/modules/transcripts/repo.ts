import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { meetingTranscripts, type StoredTurn, type StoredWord } from '../../platform/db/schema.js';

export type TranscriptRow = typeof meetingTranscripts.$inferSelect;
export type NewTranscript = typeof meetingTranscripts.$inferInsert;

/** What a correction changes: the words, the turns derived from them and the analytics. */
export interface TranscriptCorrection {
  words: StoredWord[];
  turns: StoredTurn[];
  analytics: Record<string, unknown>;
  editedAt: Date;
}

/**
 * A meeting's transcript (one row per meeting, written by the speech step). Callers reach it
 * through the transcripts service, which has checked the meeting is visible to them; the
 * organisation is part of every lookup anyway, so a slip there cannot cross organisations.
 */
const of = (organizationId: string, meetingId: string) =>
  and(
    eq(meetingTranscripts.meetingId, meetingId),
    eq(meetingTranscripts.organizationId, organizationId),
  );

export function createTranscriptsRepo(db: Db) {
  return {
    async byMeeting(organizationId: string, meetingId: string): Promise<TranscriptRow | null> {
      const [row] = await db.select().from(meetingTranscripts).where(of(organizationId, meetingId));
      return row ?? null;
    },

    /** The distinct speaker labels of each meeting's turns, sorted. */
    async speakerLabels(
      organizationId: string,
      meetingIds: readonly string[],
    ): Promise<Map<string, string[]>> {
      if (meetingIds.length === 0) return new Map();
      const rows = await db
        .select({
          meetingId: meetingTranscripts.meetingId,
          speakers: sql<
            string[]
          >`coalesce((select array_agg(distinct t->>'speaker' order by t->>'speaker') from jsonb_array_elements(${meetingTranscripts.turns}) t), '{}')`,
        })
        .from(meetingTranscripts)
        .where(
          and(
            eq(meetingTranscripts.organizationId, organizationId),
            inArray(meetingTranscripts.meetingId, [...meetingIds]),
          ),
        );
      return new Map(rows.map((r) => [r.meetingId, r.speakers]));
    },

    /** Each meeting's turns (not its words), for figures over many meetings. */
    async turnsOf(
      organizationId: string,
      meetingIds: readonly string[],
    ): Promise<{ meetingId: string; turns: StoredTurn[] }[]> {
      if (meetingIds.length === 0) return [];
      return db
        .select({ meetingId: meetingTranscripts.meetingId, turns: meetingTranscripts.turns })
        .from(meetingTranscripts)
        .where(
          and(
            eq(meetingTranscripts.organizationId, organizationId),
            inArray(meetingTranscripts.meetingId, [...meetingIds]),
          ),
        );
    },

    /** The speech step's result; a re-run replaces the previous transcript (and its edits). */
    async save(values: NewTranscript): Promise<TranscriptRow> {
      const { meetingId: _id, ...rest } = values;
      const [row] = await db
        .insert(meetingTranscripts)
        .values(values)
        .onConflictDoUpdate({ target: meetingTranscripts.meetingId, set: rest })
        .returning();
      if (!row) throw new Error('transcript upsert returned nothing');
      return row;
    },

    async correct(
      organizationId: string,
      meetingId: string,
      c: TranscriptCorrection,
    ): Promise<TranscriptRow | null> {
      const [row] = await db
        .update(meetingTranscripts)
        .set({ ...c, updatedAt: c.editedAt })
        .where(of(organizationId, meetingId))
        .returning();
      return row ?? null;
    },
  };
}
export type TranscriptsRepo = ReturnType<typeof createTranscriptsRepo>;
