import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { highlights } from '../../platform/db/schema.js';

export type HighlightRow = typeof highlights.$inferSelect;

export interface HighlightFields {
  startSec: number;
  endSec: number;
  title: string;
  note: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every lookup by id carries the caller's organisation: another one's highlight is not found. */
export function createHighlightsRepo(db: Db) {
  const ofOrg = (organizationId: string, id: string) =>
    and(eq(highlights.id, id), eq(highlights.organizationId, organizationId));

  return {
    async forMeeting(meetingId: string): Promise<HighlightRow[]> {
      return db
        .select()
        .from(highlights)
        .where(eq(highlights.meetingId, meetingId))
        .orderBy(asc(highlights.startSec), asc(highlights.createdAt));
    },

    async byId(organizationId: string, id: string): Promise<HighlightRow | null> {
      // Ids come from URLs; a non-uuid matches nothing rather than raising a SQL error.
      if (!UUID.test(id)) return null;
      const [row] = await db.select().from(highlights).where(ofOrg(organizationId, id));
      return row ?? null;
    },

    async insert(
      values: HighlightFields & {
        organizationId: string;
        meetingId: string;
        userId: string;
        now: Date;
      },
    ): Promise<HighlightRow> {
      const { now, ...rest } = values;
      const [row] = await db
        .insert(highlights)
        .values({ ...rest, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('highlight insert returned nothing');
      return row;
    },

    async update(
      organizationId: string,
      id: string,
      fields: HighlightFields,
      now: Date,
    ): Promise<HighlightRow | null> {
      const [row] = await db
        .update(highlights)
        .set({ ...fields, updatedAt: now })
        .where(ofOrg(organizationId, id))
        .returning();
      return row ?? null;
    },

    async remove(organizationId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(highlights)
        .where(ofOrg(organizationId, id))
        .returning({ id: highlights.id });
      return rows.length > 0;
    },
  };
}
export type HighlightsRepo = ReturnType<typeof createHighlightsRepo>;
