import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { personColumns } from '../../platform/db/people.js';
import { meetingShares, publicLinks, users } from '../../platform/db/schema.js';

export function createSharingRepo(db: Db) {
  return {
    async share(meetingId: string, userId: string, sharedBy: string, now: Date): Promise<void> {
      await db
        .insert(meetingShares)
        .values({ meetingId, userId, sharedBy, createdAt: now })
        .onConflictDoNothing();
    },

    async revoke(meetingId: string, userId: string): Promise<void> {
      await db
        .delete(meetingShares)
        .where(and(eq(meetingShares.meetingId, meetingId), eq(meetingShares.userId, userId)));
    },

    async sharedUsers(meetingId: string) {
      return db
        .select(personColumns)
        .from(meetingShares)
        .innerJoin(users, eq(users.id, meetingShares.userId))
        .where(eq(meetingShares.meetingId, meetingId))
        .orderBy(asc(users.email));
    },

    async publicLink(meetingId: string) {
      const [row] = await db.select().from(publicLinks).where(eq(publicLinks.meetingId, meetingId));
      return row ?? null;
    },

    async publicLinkByHash(tokenHash: string) {
      const [row] = await db.select().from(publicLinks).where(eq(publicLinks.tokenHash, tokenHash));
      return row ?? null;
    },

    /** One link per meeting: a new one replaces the old, whose token stops working. */
    async setPublicLink(
      values: { meetingId: string; tokenHash: string; tokenSealed: string; createdBy: string },
      now: Date,
    ): Promise<void> {
      await db
        .insert(publicLinks)
        .values({ ...values, createdAt: now })
        .onConflictDoUpdate({
          target: publicLinks.meetingId,
          set: { tokenHash: values.tokenHash, tokenSealed: values.tokenSealed, createdAt: now },
        });
    },

    async removePublicLink(meetingId: string): Promise<void> {
      await db.delete(publicLinks).where(eq(publicLinks.meetingId, meetingId));
    },
  };
}
export type SharingRepo = ReturnType<typeof createSharingRepo>;
