import { and, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { uploads } from '../../platform/db/schema.js';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = typeof uploads.$inferInsert;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createUploadsRepo(db: Db) {
  return {
    async insert(values: NewUpload): Promise<UploadRow> {
      const [row] = await db.insert(uploads).values(values).returning();
      if (!row) throw new Error('upload insert returned nothing');
      return row;
    },

    /** The caller's own upload; another user's id is as good as unknown. */
    async ownById(userId: string, id: string): Promise<UploadRow | null> {
      if (!UUID.test(id)) return null;
      const [row] = await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.id, id), eq(uploads.userId, userId)));
      return row ?? null;
    },

    /** The user's open upload of this file name to this store, newest first. */
    async openByFileName(userId: string, provider: UploadRow['provider'], fileName: string) {
      const [row] = await db
        .select()
        .from(uploads)
        .where(
          and(
            eq(uploads.userId, userId),
            eq(uploads.fileName, fileName),
            eq(uploads.provider, provider),
            isNull(uploads.completedAt),
          ),
        )
        .orderBy(desc(uploads.createdAt))
        .limit(1);
      return row ?? null;
    },

    async touch(id: string, values: Pick<NewUpload, 'stage' | 'title'>, now: Date) {
      await db
        .update(uploads)
        .set({ ...values, updatedAt: now })
        .where(eq(uploads.id, id));
    },

    /** Records one stored chunk; concurrent chunks each merge their own key into `parts`. */
    async recordPart(id: string, index: number, value: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(uploads)
        .set({
          parts: sql`${uploads.parts} || jsonb_build_object(${String(index)}::text, ${value}::text)`,
          updatedAt: now,
        })
        .where(and(eq(uploads.id, id), isNull(uploads.completedAt)))
        .returning({ id: uploads.id });
      return rows.length > 0;
    },

    /** Claims an open upload for completion; only one concurrent complete gets the row. */
    async claim(id: string, now: Date): Promise<UploadRow | null> {
      const [row] = await db
        .update(uploads)
        .set({ completedAt: now, updatedAt: now })
        .where(and(eq(uploads.id, id), isNull(uploads.completedAt)))
        .returning();
      return row ?? null;
    },

    /** Gives a claimed upload back after a failure, so the client can retry completing. */
    async unclaim(id: string, now: Date): Promise<void> {
      await db.update(uploads).set({ completedAt: null, updatedAt: now }).where(eq(uploads.id, id));
    },

    async remove(id: string): Promise<void> {
      await db.delete(uploads).where(eq(uploads.id, id));
    },

    /** Open uploads untouched since `before`, and finished ones older than that. */
    async stale(before: Date, limit = 500): Promise<UploadRow[]> {
      return db
        .select()
        .from(uploads)
        .where(
          or(
            and(isNull(uploads.completedAt), lt(uploads.updatedAt, before)),
            and(isNotNull(uploads.completedAt), lt(uploads.completedAt, before)),
          ),
        )
        .limit(limit);
    },
  };
}
export type UploadsRepo = ReturnType<typeof createUploadsRepo>;
