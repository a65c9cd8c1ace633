import { asc, count, desc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { endpoints } from '../../platform/db/schema.js';

export type EndpointRow = typeof endpoints.$inferSelect;
export type EndpointValues = Pick<
  typeof endpoints.$inferInsert,
  'method' | 'path' | 'permission' | 'defaultPermission' | 'summary' | 'tags'
>;
export type EndpointSortField = 'path' | 'method' | 'permission' | 'updatedAt';

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

export function createEndpointsRepo(db: Db) {
  return {
    all: () => db.select().from(endpoints).orderBy(asc(endpoints.path), asc(endpoints.method)),

    /** What the route check needs, and nothing else: the permission of each route. */
    permissions: () =>
      db
        .select({
          method: endpoints.method,
          path: endpoints.path,
          permission: endpoints.permission,
        })
        .from(endpoints),

    async page(opts: {
      search?: string;
      sort: { field: EndpointSortField; direction: 'asc' | 'desc' };
      page: number;
      size: number;
    }) {
      const like = opts.search ? escapeLike(opts.search) : null;
      const where = like
        ? or(
            ilike(endpoints.path, like),
            ilike(endpoints.summary, like),
            ilike(endpoints.permission, like),
          )
        : undefined;
      const order = opts.sort.direction === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(endpoints)
          .where(where)
          .orderBy(order(endpoints[opts.sort.field]), asc(endpoints.path), asc(endpoints.method))
          .limit(opts.size)
          .offset(opts.page * opts.size),
        db.select({ n: count() }).from(endpoints).where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    async count() {
      const [total] = await db.select({ n: count() }).from(endpoints);
      return total?.n ?? 0;
    },

    async byId(id: string) {
      const [row] = await db.select().from(endpoints).where(eq(endpoints.id, id));
      return row ?? null;
    },

    /** null when the route has its record already. */
    async insert(values: EndpointValues) {
      const [row] = await db
        .insert(endpoints)
        .values(values)
        .onConflictDoNothing({ target: [endpoints.method, endpoints.path] })
        .returning();
      return row ?? null;
    },

    /** Several at once; routes that have a record keep it (a concurrent start added it). */
    async insertMany(values: EndpointValues[]) {
      if (values.length === 0) return;
      await db
        .insert(endpoints)
        .values(values)
        .onConflictDoNothing({ target: [endpoints.method, endpoints.path] });
    },

    async update(id: string, patch: Partial<EndpointValues>) {
      const [row] = await db
        .update(endpoints)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(endpoints.id, id))
        .returning();
      return row ?? null;
    },

    async remove(id: string) {
      const rows = await db
        .delete(endpoints)
        .where(eq(endpoints.id, id))
        .returning({ id: endpoints.id });
      return rows.length > 0;
    },

    async removeMany(ids: string[]) {
      if (ids.length > 0) await db.delete(endpoints).where(inArray(endpoints.id, ids));
    },
  };
}
export type EndpointsRepo = ReturnType<typeof createEndpointsRepo>;
