import { eq, sql } from 'drizzle-orm';
import type {
  OrganizationSettings,
  UpdateOrganizationSettingsBody,
  UpdateProfileBody,
  UserSettings,
} from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { organizations, users, type StoredImage } from '../../platform/db/schema.js';

/**
 * Writes of the profile area. Every query is keyed by the caller's own user or organisation
 * id, taken from the session: there is no way to name someone else's row.
 */
export function createProfilesRepo(db: Db) {
  const now = () => new Date();
  return {
    async rename(userId: string, body: UpdateProfileBody) {
      await db
        .update(users)
        .set({ firstName: body.firstName, lastName: body.lastName, updatedAt: now() })
        .where(eq(users.id, userId));
    },
    async userImage(userId: string): Promise<StoredImage | null> {
      const [row] = await db
        .select({ image: users.profileImage })
        .from(users)
        .where(eq(users.id, userId));
      return row?.image ?? null;
    },
    async setUserImage(userId: string, image: StoredImage | null) {
      await db
        .update(users)
        .set({ profileImage: image, updatedAt: now() })
        .where(eq(users.id, userId));
    },
    async logo(organizationId: string): Promise<StoredImage | null> {
      const [row] = await db
        .select({ logo: organizations.logo })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row?.logo ?? null;
    },
    async setLogo(organizationId: string, logo: StoredImage | null) {
      await db
        .update(organizations)
        .set({ logo, updatedAt: now() })
        .where(eq(organizations.id, organizationId));
    },
    async renameOrganization(organizationId: string, name: string) {
      await db
        .update(organizations)
        .set({ name, updatedAt: now() })
        .where(eq(organizations.id, organizationId));
    },
    async organizationSettings(organizationId: string): Promise<OrganizationSettings | null> {
      const [row] = await db
        .select({ emotionInference: organizations.emotionInference })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row ?? null;
    },
    async updateOrganizationSettings(
      organizationId: string,
      patch: UpdateOrganizationSettingsBody,
    ) {
      if (Object.keys(patch).length === 0) return;
      await db
        .update(organizations)
        .set({ ...patch, updatedAt: now() })
        .where(eq(organizations.id, organizationId));
    },
    async settings(userId: string): Promise<Partial<UserSettings> | null> {
      const [row] = await db
        .select({ settings: users.settings })
        .from(users)
        .where(eq(users.id, userId));
      return row?.settings ?? null;
    },
    /** Merges in one statement, so two tabs changing different settings both keep theirs. */
    async mergeSettings(userId: string, patch: Partial<UserSettings>) {
      const [row] = await db
        .update(users)
        .set({
          settings: sql`${users.settings} || ${JSON.stringify(patch)}::jsonb`,
          updatedAt: now(),
        })
        .where(eq(users.id, userId))
        .returning({ settings: users.settings });
      return row?.settings ?? null;
    },
  };
}
export type ProfilesRepo = ReturnType<typeof createProfilesRepo>;
