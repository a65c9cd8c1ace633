import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { meetings, organizations, seededSamples, users } from '../../platform/db/schema.js';

export function createSamplesRepo(db: Db) {
  return {
    /** The platform organisation's first super admin, who owns the default content. */
    async platformOwner(): Promise<{ userId: string; organizationId: string } | null> {
      const [row] = await db
        .select({ userId: users.id, organizationId: users.organizationId })
        .from(users)
        .innerJoin(organizations, eq(organizations.id, users.organizationId))
        .where(and(eq(organizations.isPlatform, true), eq(users.role, 'superadmin')))
        .orderBy(asc(users.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** An active user by address: the demo organisation's point of contact owns its sample. */
    async userByEmail(email: string) {
      const [row] = await db
        .select({ userId: users.id, organizationId: users.organizationId, role: users.role })
        .from(users)
        .where(and(eq(users.email, email), eq(users.status, 'active')))
        .limit(1);
      return row ?? null;
    },

    /** The organisation's oldest meeting of this title: a sample meeting, to link to its deal. */
    async meetingByTitle(organizationId: string, title: string): Promise<string | null> {
      const [row] = await db
        .select({ id: meetings.id })
        .from(meetings)
        .where(and(eq(meetings.organizationId, organizationId), eq(meetings.title, title)))
        .orderBy(asc(meetings.createdAt))
        .limit(1);
      return row?.id ?? null;
    },

    async wasSeeded(name: string): Promise<boolean> {
      const [row] = await db
        .select({ name: seededSamples.name })
        .from(seededSamples)
        .where(eq(seededSamples.name, name));
      return Boolean(row);
    },

    /** True for the one process that records it first; a second one at once gets false. */
    async markSeeded(name: string): Promise<boolean> {
      const rows = await db
        .insert(seededSamples)
        .values({ name })
        .onConflictDoNothing()
        .returning({ name: seededSamples.name });
      return rows.length > 0;
    },

    async unmark(name: string): Promise<void> {
      await db.delete(seededSamples).where(eq(seededSamples.name, name));
    },
  };
}
export type SamplesRepo = ReturnType<typeof createSamplesRepo>;
