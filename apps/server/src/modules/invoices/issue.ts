import { eq } from 'drizzle-orm';
import { INVOICE_MESSAGES as M, PLAN_MESSAGES, type PaymentMethod } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { plans } from '../../platform/db/schema.js';
import { conflict, notFound } from '../../platform/errors.js';
import { planLines } from './lines.js';
import { partyOf, type AddressNames } from './parties.js';
import { invoicesRepo as repo, type InvoiceRow } from './repo.js';

export interface IssueInput {
  organizationId: string;
  planId: string;
  method: PaymentMethod;
  /** Paid already (a card payment): issued 'paid'. Otherwise 'open', waiting for a transfer. */
  paid: boolean;
  /** The payment provider's id: a second issue for it answers the first invoice. */
  externalId?: string;
}

export interface IssuerDeps {
  locations: AddressNames;
  now: () => Date;
  /** The seller's series prefix: PAR-2026-000123. */
  prefix: string;
  /** The seller's name when the platform organisation is missing (a database never seeded). */
  sellerName: string;
  /** INVOICE_PAYMENT_DETAILS: printed on an invoice to pay by transfer; '' for none. */
  paymentDetails: string;
}

export const invoiceNumber = (prefix: string, year: number, n: number) =>
  `${prefix}-${year}-${String(n).padStart(6, '0')}`;

/**
 * Issues the invoice of a plan, in the caller's transaction when `db` is one (a payment's),
 * else in its own. Idempotent: the same provider payment, or a second request for an open
 * invoice of the same plan, answers the invoice already issued. A paid issue voids the plan's
 * open invoice (it was paid another way). Its number is taken in this transaction, so a
 * rollback leaves no gap.
 */
export function createIssuer(deps: IssuerDeps) {
  return function issue(db: Db, input: IssueInput): Promise<InvoiceRow> {
    return db.transaction(async (tx) => {
      // The plan's row is the queue: two issues for one plan take turns.
      const [plan] = await tx.select().from(plans).where(eq(plans.id, input.planId)).for('update');
      if (!plan || plan.organizationId !== input.organizationId) {
        throw notFound(PLAN_MESSAGES.noActivePlan);
      }
      if (input.externalId) {
        const known = await repo.byExternalId(tx, input.method, input.externalId);
        if (known) return known;
      }
      if (!input.paid) {
        const open = await repo.openOfPlan(tx, plan.id);
        if (open) return open;
        // Replaced by another choice since it was read: nothing waits for this payment.
        if (plan.status !== 'pending') throw conflict(M.noPendingPlan);
        if (plan.totalMinor - plan.discountMinor <= 0) throw conflict(M.nothingToPay);
      } else {
        await repo.voidOpen(tx, [plan.id]);
      }
      // One query at a time: a transaction is one connection.
      const org = await repo.organization(tx, plan.organizationId);
      if (!org) throw notFound(PLAN_MESSAGES.noActivePlan);
      const platform = await repo.platform(tx);
      const buyerAddress = await repo.billingAddress(tx, org.id);
      const sellerAddress = platform ? await repo.billingAddress(tx, platform.id) : null;
      const bundleRows = await repo.bundlesWithPrices(tx, plan.id);
      const slab = plan.creditSlabId ? await repo.creditSlab(tx, plan.creditSlabId) : null;
      const [seller, buyer] = await Promise.all([
        partyOf(platform?.name ?? deps.sellerName, sellerAddress, deps.locations),
        partyOf(org.name, buyerAddress, deps.locations),
      ]);
      const lines = planLines(plan, bundleRows, slab);
      const subtotalMinor = lines.reduce((n, l) => n + l.amountMinor, 0);
      const issuedAt = deps.now();
      const year = issuedAt.getUTCFullYear();
      const n = await repo.nextNumber(tx, `${deps.prefix}-${year}`);
      return repo.insert(tx, invoiceNumber(deps.prefix, year, n), {
        organizationId: org.id,
        planId: plan.id,
        planName: plan.name,
        status: input.paid ? 'paid' : 'open',
        method: input.method,
        externalId: input.externalId ?? null,
        issuedAt,
        paidAt: input.paid ? issuedAt : null,
        seller,
        buyer,
        lines,
        paymentDetails: input.paid ? null : deps.paymentDetails || null,
        // No tax is configured: the field is there for the lines a taxed seller adds.
        taxes: [],
        currency: plan.currency,
        subtotalMinor,
        taxMinor: 0,
        totalMinor: subtotalMinor,
      });
    });
  };
}
export type Issue = ReturnType<typeof createIssuer>;
