import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { organizations } from '../../platform/db/schema.js';

export function createOrganizationsRepo(db: Db) {
  return {
    async byId(id: string) {
      const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
      return row ?? null;
    },
    /** The talent pool organisation individual sign-ups join. */
    async firstB2C() {
      const [row] = await db
        .select()
        .from(organizations)
        .where(eq(organizations.isB2C, true))
        .orderBy(organizations.createdAt)
        .limit(1);
      return row ?? null;
    },
    async create(values: { name: string; isB2C: boolean }) {
      const [row] = await db.insert(organizations).values(values).returning();
      if (!row) throw new Error('organisation insert returned nothing');
      return row;
    },
  };
}
export type OrganizationsRepo = ReturnType<typeof createOrganizationsRepo>;
export type OrganizationRow = NonNullable<Awaited<ReturnType<OrganizationsRepo['byId']>>>;
