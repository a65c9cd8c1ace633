import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { zoomRecordings } from '../../platform/db/schema.js';

export type RecordingRow = typeof zoomRecordings.$inferSelect;
type NewRecording = typeof zoomRecordings.$inferInsert;

export function createZoomRepo(db: Db) {
  return {
    /** Null when this recording was announced before (a replayed or repeated webhook). */
    async claim(values: NewRecording): Promise<RecordingRow | null> {
      const [row] = await db
        .insert(zoomRecordings)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },
    async byId(id: string): Promise<RecordingRow | null> {
      const [row] = await db.select().from(zoomRecordings).where(eq(zoomRecordings.id, id));
      return row ?? null;
    },
    async update(id: string, values: Partial<NewRecording>): Promise<void> {
      await db.update(zoomRecordings).set(values).where(eq(zoomRecordings.id, id));
    },
    async summary(organizationId: string) {
      const [count] = await db
        .select({
          n: sql<number>`count(*) filter (where ${zoomRecordings.state} = 'imported')::int`,
        })
        .from(zoomRecordings)
        .where(eq(zoomRecordings.organizationId, organizationId));
      const [last] = await db
        .select()
        .from(zoomRecordings)
        .where(and(eq(zoomRecordings.organizationId, organizationId)))
        .orderBy(desc(zoomRecordings.createdAt))
        .limit(1);
      return { imported: count?.n ?? 0, last: last ?? null };
    },
  };
}
export type ZoomRepo = ReturnType<typeof createZoomRepo>;
