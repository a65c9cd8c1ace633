import { eq } from 'drizzle-orm';
import {
  INVOICE_MESSAGES as M,
  PLAN_MESSAGES,
  type InvoiceSeller,
  type PaymentMethod,
} from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { plans } from '../../platform/db/schema.js';
import { conflict, notFound } from '../../platform/errors.js';
import { planLines, taxIncluded, type Charge } from './lines.js';
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
  /**
   * A paid charge that is not the plan's price (auto-pay, a renewal): invoiced as this one
   * line, leaving the plan's own open invoice (if any) as it is.
   */
  charge?: Charge;
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

/** The seller's name when the platform organisation is missing (a database never seeded). */
export const SELLER_FALLBACK_NAME = 'Parley';

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
      } else if (!input.charge) {
        await repo.voidOpen(tx, [plan.id]);
      }
      // One query at a time: a transaction is one connection.
      const org = await repo.organization(tx, plan.organizationId);
      if (!org) throw notFound(PLAN_MESSAGES.noActivePlan);
      const platform = await repo.platform(tx);
      const buyerAddress = await repo.billingAddress(tx, org.id);
      const sellerAddress = platform ? await repo.billingAddress(tx, platform.id) : null;
      const tax = await repo.taxSetting(tx);
      // A talent-pool purchase is the seeker's: their name, not the pool's address.
      const seeker = plan.requestedBy ? await repo.user(tx, plan.requestedBy) : null;
      const [seller, buyer] = await Promise.all([
        partyOf(platform?.name ?? deps.sellerName, sellerAddress, deps.locations),
        seeker
          ? { name: `${seeker.firstName} ${seeker.lastName}`.trim(), lines: [seeker.email] }
          : partyOf(org.name, buyerAddress, deps.locations),
      ]);
      const { charge } = input;
      const lines = charge
        ? [
            {
              description: charge.description,
              quantity: 1,
              unitMinor: charge.amountMinor,
              amountMinor: charge.amountMinor,
            },
          ]
        : planLines(
            plan,
            await repo.bundlesWithPrices(tx, plan.id),
            plan.creditSlabId ? await repo.creditSlab(tx, plan.creditSlabId) : null,
          );
      const totalMinor = lines.reduce((n, l) => n + l.amountMinor, 0);
      // Prices include the tax: the total is what is charged, the tax the part of it shown.
      const taxMinor = tax ? taxIncluded(totalMinor, tax.rateBasisPoints) : 0;
      const issuedAt = deps.now();
      const year = issuedAt.getUTCFullYear();
      const n = await repo.nextNumber(tx, `${deps.prefix}-${year}`);
      return repo.insert(tx, invoiceNumber(deps.prefix, year, n), {
        organizationId: org.id,
        buyerUserId: plan.requestedBy,
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
        taxes: tax
          ? [{ name: tax.label, rateBasisPoints: tax.rateBasisPoints, amountMinor: taxMinor }]
          : [],
        currency: charge?.currency ?? plan.currency,
        subtotalMinor: totalMinor - taxMinor,
        taxMinor,
        totalMinor,
      });
    });
  };
}
export type Issue = ReturnType<typeof createIssuer>;

/** The seller and tax an invoice issued now prints: what Enterprise Management shows. */
export async function describeSeller(db: Db, locations: AddressNames): Promise<InvoiceSeller> {
  const platform = await repo.platform(db);
  const address = platform ? await repo.billingAddress(db, platform.id) : null;
  return {
    seller: await partyOf(platform?.name ?? SELLER_FALLBACK_NAME, address, locations),
    platformOrganizationId: platform?.id ?? null,
    hasAddress: address !== null,
    tax: await repo.taxSetting(db),
  };
}
