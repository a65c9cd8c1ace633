import { eq } from 'drizzle-orm';
import type { PrivacySettings } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { organizations } from '../../platform/db/schema.js';

const columns = {
  piiRedaction: organizations.piiRedaction,
  piiKeepOriginals: organizations.piiKeepOriginals,
};

/** The organisation's PII switches (columns of organizations, migration 0018). */
export function createPrivacyRepo(db: Db) {
  return {
    async settings(organizationId: string): Promise<PrivacySettings | null> {
      const [row] = await db
        .select(columns)
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row ?? null;
    },

    async update(
      organizationId: string,
      patch: Partial<PrivacySettings>,
      now: Date,
    ): Promise<PrivacySettings | null> {
      const [row] = await db
        .update(organizations)
        .set({ ...patch, updatedAt: now })
        .where(eq(organizations.id, organizationId))
        .returning(columns);
      return row ?? null;
    },
  };
}
export type PrivacyRepo = ReturnType<typeof createPrivacyRepo>;
