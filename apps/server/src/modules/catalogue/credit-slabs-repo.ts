import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { countOf, withTotal } from '../../platform/db/paged.js';
import { creditSlabs } from '../../platform/db/schema.js';
import { offsetOf, orderOf, type PageOptions } from './paging.js';

export type CreditSlabRow = typeof creditSlabs.$inferSelect;
export type CreditSlabSortField = 'credits' | 'price' | 'discount' | 'createdAt';
type SlabValues = typeof creditSlabs.$inferInsert;

const sortColumns = {
  credits: creditSlabs.credits,
  price: creditSlabs.priceMinor,
  discount: creditSlabs.discountPercent,
  createdAt: creditSlabs.createdAt,
};

export function createCreditSlabsRepo(db: Db) {
  return {
    page(opts: PageOptions<CreditSlabSortField>) {
      // A slab has no name: the search matches its credits as written ("500", "2000").
      const pattern = containsPattern(opts.search);
      const where = pattern ? ilike(sql`${creditSlabs.credits}::text`, pattern) : undefined;
      return withTotal(
        db,
        creditSlabs,
        where,
        db
          .select()
          .from(creditSlabs)
          .where(where)
          .orderBy(...orderOf(sortColumns, opts.sort, creditSlabs.id))
          .limit(opts.size)
          .offset(offsetOf(opts)),
      );
    },
    all: () => db.select().from(creditSlabs).orderBy(asc(creditSlabs.credits)),
    active: () =>
      db
        .select()
        .from(creditSlabs)
        .where(eq(creditSlabs.isActive, true))
        .orderBy(asc(creditSlabs.credits)),
    count: () => countOf(db, creditSlabs, undefined),
    async byId(id: string) {
      const [row] = await db.select().from(creditSlabs).where(eq(creditSlabs.id, id));
      return row ?? null;
    },
    async activeById(id: string) {
      const [row] = await db
        .select()
        .from(creditSlabs)
        .where(and(eq(creditSlabs.id, id), eq(creditSlabs.isActive, true)));
      return row ?? null;
    },
    /** Null when a slab of as many credits exists. */
    async create(values: SlabValues) {
      const [row] = await db
        .insert(creditSlabs)
        .values(values)
        .onConflictDoNothing({ target: creditSlabs.credits })
        .returning();
      return row ?? null;
    },
    async update(id: string, patch: Partial<SlabValues>) {
      const [row] = await db
        .update(creditSlabs)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(creditSlabs.id, id))
        .returning();
      return row ?? null;
    },
    async remove(id: string): Promise<boolean> {
      const rows = await db
        .delete(creditSlabs)
        .where(eq(creditSlabs.id, id))
        .returning({ id: creditSlabs.id });
      return rows.length > 0;
    },
  };
}
export type CreditSlabsRepo = ReturnType<typeof createCreditSlabsRepo>;
