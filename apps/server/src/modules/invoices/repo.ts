import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_TAX_LABEL,
  TAX_PARAMETERS,
  type InvoiceStatus,
  type InvoiceTaxSetting,
} from '@parley/contracts';
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
  parameters,
  planBundles,
  plans,
  users,
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

/**
 * Whose invoices a caller reads: their organisation's, less other talent-pool seekers'
 * purchases (the pool is one organisation). The super admin reads every one (no scope),
 * including those whose organisation was deleted.
 */
export interface InvoiceScope {
  organizationId: string;
  userId: string;
}
const scoped = (scope: InvoiceScope) =>
  and(
    eq(invoices.organizationId, scope.organizationId),
    or(isNull(invoices.buyerUserId), eq(invoices.buyerUserId, scope.userId)),
  );

/** The organisation's name, or the buyer's copied at issue once the organisation is gone. */
const organizationName = sql<string>`coalesce(${organizations.name}, ${invoices.buyer}->>'name')`;

export interface InvoicePageQuery {
  page: number;
  size: number;
  sort: { field: InvoiceSortField; direction: 'asc' | 'desc' };
  search?: string;
  status?: InvoiceStatus;
  /** Only these invoices; every organisation's when absent (super admin). */
  scope?: InvoiceScope;
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

  /** One invoice with its organisation's name; within `scope` unless it is null. */
  async byId(db: Db, id: string, scope: InvoiceScope | null) {
    const where = scope ? and(eq(invoices.id, id), scoped(scope)) : eq(invoices.id, id);
    const [row] = await db
      .select({ invoice: invoices, organizationName })
      .from(invoices)
      .leftJoin(organizations, eq(organizations.id, invoices.organizationId))
      .where(where);
    return row ?? null;
  },

  async page(db: Db, q: InvoicePageQuery) {
    const pattern = containsPattern(q.search);
    const conditions: (SQL | undefined)[] = [
      q.scope ? scoped(q.scope) : undefined,
      q.status ? eq(invoices.status, q.status) : undefined,
      pattern
        ? or(
            ilike(invoices.number, pattern),
            ilike(organizationName, pattern),
            ilike(invoices.planName, pattern),
          )
        : undefined,
    ];
    const where = and(...conditions);
    const by = q.sort.direction === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      db
        .select({ invoice: invoices, organizationName })
        .from(invoices)
        .leftJoin(organizations, eq(organizations.id, invoices.organizationId))
        .where(where)
        .orderBy(by(sortColumn[q.sort.field]), desc(invoices.number))
        .limit(q.size)
        .offset(q.page * q.size),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(invoices)
        .leftJoin(organizations, eq(organizations.id, invoices.organizationId))
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

  /** A talent-pool seeker's name and address for the invoice: they, not the pool, buy. */
  async user(tx: Db, userId: string) {
    const [row] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  },

  /** The tax new invoices apply (see invoiceTaxSettingSchema), null for none. */
  async taxSetting(tx: Db): Promise<InvoiceTaxSetting | null> {
    const rows = await tx
      .select({ key: parameters.key, value: parameters.value })
      .from(parameters)
      .where(inArray(parameters.key, [TAX_PARAMETERS.rate, TAX_PARAMETERS.label]));
    const value = (key: string) => rows.find((r) => r.key === key)?.value.trim();
    const rate = Number(value(TAX_PARAMETERS.rate) ?? 0);
    // The parameter route refuses a rate outside 0–10000; anything else stored is no tax.
    if (!Number.isInteger(rate) || rate <= 0 || rate > 10_000) return null;
    return { label: value(TAX_PARAMETERS.label) || DEFAULT_TAX_LABEL, rateBasisPoints: rate };
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
