import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { InvoiceStatus } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import {
  bundleFeatures,
  bundles,
  creditSlabs,
  features,
  invoiceSequences,
  invoices,
  organizationAddresses,
  organizations,
  planBundles,
  plans,
} from '../../platform/db/schema.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = Omit<typeof invoices.$inferInsert, 'id' | 'number' | 'createdAt'>;
export type InvoiceSortField = 'issuedAt' | 'number' | 'status' | 'total';

const sortColumn = {
  issuedAt: invoices.issuedAt,
  number: invoices.number,
  status: invoices.status,
  total: invoices.totalMinor,
};

export interface InvoicePageQuery {
  page: number;
  size: number;
  sort: { field: InvoiceSortField; direction: 'asc' | 'desc' };
  search?: string;
  status?: InvoiceStatus;
  /** Only this organisation's invoices; every organisation's when absent (super admin). */
  organizationId?: string;
}

/**
 * Invoices and what issuing one reads. Every function takes the database or the caller's
 * transaction: an invoice is issued inside the payment's transaction, and on PGlite (one
 * session) a read outside it would wait for it forever.
 */
export const invoicesRepo = {
  /**
   * The next number of `series`, in the caller's transaction: the upsert keeps the series row
   * locked until that transaction ends, so concurrent issues are serialised and a rollback
   * returns the number.
   */
  async nextNumber(tx: Db, series: string): Promise<number> {
    const [row] = await tx
      .insert(invoiceSequences)
      .values({ series, last: 1 })
      .onConflictDoUpdate({
        target: invoiceSequences.series,
        set: { last: sql`${invoiceSequences.last} + 1` },
      })
      .returning({ last: invoiceSequences.last });
    if (!row) throw new Error('invoice sequence upsert returned nothing');
    return row.last;
  },

  async insert(tx: Db, number: string, values: NewInvoice): Promise<InvoiceRow> {
    const [row] = await tx
      .insert(invoices)
      .values({ ...values, number })
      .returning();
    if (!row) throw new Error('invoice insert returned nothing');
    return row;
  },

  async openOfPlan(tx: Db, planId: string): Promise<InvoiceRow | null> {
    const [row] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.planId, planId), eq(invoices.status, 'open')));
    return row ?? null;
  },

  async byExternalId(tx: Db, method: string, externalId: string): Promise<InvoiceRow | null> {
    const [row] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.method, method), eq(invoices.externalId, externalId)));
    return row ?? null;
  },

  /** Voids the open invoices of these plans (paid another way, or given up). */
  async voidOpen(tx: Db, planIds: string[]): Promise<void> {
    if (planIds.length === 0) return;
    await tx
      .update(invoices)
      .set({ status: 'void' })
      .where(and(inArray(invoices.planId, planIds), eq(invoices.status, 'open')));
  },

  /** The invoice, locked until the transaction ends (marking it paid). */
  async lock(tx: Db, id: string): Promise<InvoiceRow | null> {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
    return row ?? null;
  },

  async markPaid(tx: Db, id: string, at: Date): Promise<InvoiceRow> {
    const [row] = await tx
      .update(invoices)
      .set({ status: 'paid', paidAt: at })
      .where(eq(invoices.id, id))
      .returning();
    if (!row) throw new Error('invoice update returned nothing');
    return row;
  },

  /** One invoice with its organisation's name; scoped to an organisation unless it is null. */
  async byId(db: Db, id: string, organizationId: string | null) {
    const where = organizationId
      ? and(eq(invoices.id, id), eq(invoices.organizationId, organizationId))
      : eq(invoices.id, id);
    const [row] = await db
      .select({ invoice: invoices, organizationName: organizations.name })
      .from(invoices)
      .innerJoin(organizations, eq(organizations.id, invoices.organizationId))
      .where(where);
    return row ?? null;
  },

  async page(db: Db, q: InvoicePageQuery) {
    const pattern = containsPattern(q.search);
    const conditions: (SQL | undefined)[] = [
      q.organizationId ? eq(invoices.organizationId, q.organizationId) : undefined,
      q.status ? eq(invoices.status, q.status) : undefined,
      pattern
        ? or(
            ilike(invoices.number, pattern),
            ilike(organizations.name, pattern),
            ilike(invoices.planName, pattern),
          )
        : undefined,
    ];
    const where = and(...conditions);
    const by = q.sort.direction === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      db
        .select({ invoice: invoices, organizationName: organizations.name })
        .from(invoices)
        .innerJoin(organizations, eq(organizations.id, invoices.organizationId))
        .where(where)
        .orderBy(by(sortColumn[q.sort.field]), desc(invoices.number))
        .limit(q.size)
        .offset(q.page * q.size),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(invoices)
        .innerJoin(organizations, eq(organizations.id, invoices.organizationId))
        .where(where),
    ]);
    return { rows, count: total?.n ?? 0 };
  },

  // What an invoice is made of, read in the issuing transaction.

  async plan(tx: Db, planId: string) {
    const [row] = await tx.select().from(plans).where(eq(plans.id, planId));
    return row ?? null;
  },

  async organization(tx: Db, organizationId: string) {
    const [row] = await tx
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    return row ?? null;
  },

  async platform(tx: Db) {
    const [row] = await tx
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(eq(organizations.isPlatform, true));
    return row ?? null;
  },

  async billingAddress(tx: Db, organizationId: string) {
    const [row] = await tx
      .select()
      .from(organizationAddresses)
      .where(
        and(
          eq(organizationAddresses.organizationId, organizationId),
          eq(organizationAddresses.kind, 'billing'),
        ),
      );
    return row ?? null;
  },

  /** The plan's bundles with their features' prices now, in name order. */
  async bundlesWithPrices(tx: Db, planId: string) {
    const rows = await tx
      .select({
        bundleId: bundles.id,
        bundleName: bundles.name,
        featureId: features.id,
        priceMinor: features.priceMinor,
        currency: features.currency,
      })
      .from(planBundles)
      .innerJoin(bundles, eq(bundles.id, planBundles.bundleId))
      .leftJoin(bundleFeatures, eq(bundleFeatures.bundleId, bundles.id))
      .leftJoin(features, eq(features.id, bundleFeatures.featureId))
      .where(eq(planBundles.planId, planId))
      .orderBy(asc(bundles.name), asc(features.name));
    return rows;
  },

  async creditSlab(tx: Db, id: string) {
    const [row] = await tx.select().from(creditSlabs).where(eq(creditSlabs.id, id));
    return row ?? null;
  },
};
