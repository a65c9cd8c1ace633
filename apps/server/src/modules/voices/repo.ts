import { and, asc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { avatars, mediaDefaults, voices } from '../../platform/db/schema.js';

export type VoiceRow = typeof voices.$inferSelect;
export type VoiceInsert = typeof voices.$inferInsert;
export type AvatarRow = typeof avatars.$inferSelect;
export type AvatarInsert = typeof avatars.$inferInsert;
export type MediaKind = 'voice' | 'avatar';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Voices and avatars. Every read takes the caller's organisation: a row is visible when it is
 * the organisation's own or the library's (organization_id null); another organisation's is
 * not found.
 */
export function createVoicesRepo(db: Db) {
  const visibleVoice = (orgId: string): SQL | undefined =>
    or(isNull(voices.organizationId), eq(voices.organizationId, orgId));
  const visibleAvatar = (orgId: string): SQL | undefined =>
    or(isNull(avatars.organizationId), eq(avatars.organizationId, orgId));

  return {
    async voices(orgId: string): Promise<VoiceRow[]> {
      return db.select().from(voices).where(visibleVoice(orgId)).orderBy(asc(voices.createdAt));
    },
    async voice(orgId: string, id: string): Promise<VoiceRow | null> {
      if (!UUID.test(id)) return null;
      const [row] = await db
        .select()
        .from(voices)
        .where(and(eq(voices.id, id), visibleVoice(orgId)));
      return row ?? null;
    },
    async insertVoice(values: VoiceInsert): Promise<VoiceRow> {
      const [row] = await db.insert(voices).values(values).returning();
      if (!row) throw new Error('voice insert returned nothing');
      return row;
    },
    async deleteVoice(id: string): Promise<void> {
      await db.delete(voices).where(eq(voices.id, id));
    },
    async avatarsUsingVoice(id: string): Promise<number> {
      const rows = await db.select({ id: avatars.id }).from(avatars).where(eq(avatars.voiceId, id));
      return rows.length;
    },

    async avatars(orgId: string): Promise<AvatarRow[]> {
      return db.select().from(avatars).where(visibleAvatar(orgId)).orderBy(asc(avatars.createdAt));
    },
    async avatar(orgId: string, id: string): Promise<AvatarRow | null> {
      if (!UUID.test(id)) return null;
      const [row] = await db
        .select()
        .from(avatars)
        .where(and(eq(avatars.id, id), visibleAvatar(orgId)));
      return row ?? null;
    },
    async insertAvatar(values: AvatarInsert): Promise<AvatarRow> {
      const [row] = await db.insert(avatars).values(values).returning();
      if (!row) throw new Error('avatar insert returned nothing');
      return row;
    },
    async updateAvatar(id: string, values: Partial<AvatarInsert>): Promise<AvatarRow> {
      const [row] = await db.update(avatars).set(values).where(eq(avatars.id, id)).returning();
      if (!row) throw new Error('avatar update returned nothing');
      return row;
    },
    async deleteAvatar(id: string): Promise<void> {
      await db.delete(avatars).where(eq(avatars.id, id));
    },

    /** The organisation's own default of a kind, if it chose one. */
    async chosenDefault(orgId: string, kind: MediaKind): Promise<string | null> {
      const [row] = await db
        .select()
        .from(mediaDefaults)
        .where(and(eq(mediaDefaults.organizationId, orgId), eq(mediaDefaults.kind, kind)));
      return row?.itemId ?? null;
    },
    async chooseDefault(orgId: string, kind: MediaKind, itemId: string): Promise<void> {
      await db
        .insert(mediaDefaults)
        .values({ organizationId: orgId, kind, itemId })
        .onConflictDoUpdate({
          target: [mediaDefaults.organizationId, mediaDefaults.kind],
          set: { itemId },
        });
    },
    /** The library's default: one library row flagged, the others cleared, in one transaction. */
    async setLibraryDefault(kind: MediaKind, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        if (kind === 'voice') {
          await tx.update(voices).set({ isDefault: false }).where(isNull(voices.organizationId));
          await tx.update(voices).set({ isDefault: true }).where(eq(voices.id, id));
        } else {
          await tx.update(avatars).set({ isDefault: false }).where(isNull(avatars.organizationId));
          await tx.update(avatars).set({ isDefault: true }).where(eq(avatars.id, id));
        }
      });
    },
  };
}
export type VoicesRepo = ReturnType<typeof createVoicesRepo>;
