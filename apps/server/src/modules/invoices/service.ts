import {
  API_PREFIX,
  INVOICE_FILE,
  INVOICE_MESSAGES as M,
  fillPath,
  money,
  type Invoice,
  type InvoiceSeller,
  type InvoiceStatus,
  type InvoiceSummary,
  type PaymentMethod,
  type b2cPaymentBody,
  type invoiceQuery,
  type manualPaymentBody,
} from '@parley/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { crossesOrganisations, type Caller } from '../../platform/http/caller.js';
import { createUrlSigner } from '../../platform/media/links.js';
import { isUuid } from '../../platform/db/values.js';
import type { PlansService } from '../billing/index.js';
import type { Issue } from './issue.js';
import { renderInvoicePdf } from './pdf.js';
import {
  invoicesRepo as repo,
  type InvoiceRow,
  type InvoiceScope,
  type InvoiceSortField,
} from './repo.js';

export interface InvoicesServiceDeps {
  db: Db;
  issue: Issue;
  plans: Pick<PlansService, 'activateWithin' | 'pendingOf' | 'createCreditsPlan'>;
  appSecret: string;
  now: () => Date;
  /** The seller and tax an invoice issued now would print. */
  seller: () => Promise<InvoiceSeller>;
}

type Listed = { invoice: InvoiceRow; organizationName: string };

/** The caller's invoices (see InvoiceScope): their organisation's, a seeker's own. */
const scopeOf = (caller: Caller) => ({
  organizationId: caller.organizationId,
  userId: caller.userId,
});

const summaryOf = ({ invoice: i, organizationName }: Listed): InvoiceSummary => ({
  id: i.id,
  number: i.number,
  organizationId: i.organizationId,
  organizationName,
  planId: i.planId,
  planName: i.planName,
  status: i.status as InvoiceStatus,
  method: i.method as PaymentMethod,
  issuedAt: i.issuedAt.toISOString(),
  paidAt: i.paidAt?.toISOString() ?? null,
  total: money(i.totalMinor, i.currency),
});

const detailOf = (listed: Listed): Invoice => ({
  ...summaryOf(listed),
  seller: listed.invoice.seller,
  buyer: listed.invoice.buyer,
  lines: listed.invoice.lines,
  taxes: listed.invoice.taxes,
  subtotal: money(listed.invoice.subtotalMinor, listed.invoice.currency),
  tax: money(listed.invoice.taxMinor, listed.invoice.currency),
  externalId: listed.invoice.externalId,
  paymentDetails: listed.invoice.paymentDetails,
});

type Query = z.output<typeof invoiceQuery>;
const pageQuery = (q: Query, scope?: InvoiceScope) => {
  const [field, direction] = q.sort.split(':') as [InvoiceSortField, 'asc' | 'desc'];
  return { ...q, sort: { field, direction }, scope };
};

/**
 * Invoices (spec 3 §3, §7): the organisation's and every organisation's lists, the signed
 * download of a PDF, manual payment (an open invoice to pay by bank transfer) and the super
 * admin recording that transfer.
 */
export function createInvoicesService(deps: InvoicesServiceDeps) {
  const { db, now } = deps;
  const signer = createUrlSigner(deps.appSecret, 'invoice-link', {
    ttlSec: INVOICE_FILE.linkTtlSec,
    bucketSec: 60,
    now,
  });

  /** One invoice the caller may see: their organisation's, or any for the super admin. */
  async function visible(caller: Caller, id: string): Promise<Listed> {
    const found = isUuid(id)
      ? await repo.byId(db, id, crossesOrganisations(caller) ? null : scopeOf(caller))
      : null;
    if (!found) throw notFound(M.notFound);
    return found;
  }

  async function withName(row: InvoiceRow): Promise<Invoice> {
    const found = await repo.byId(db, row.id, null);
    if (!found) throw notFound(M.notFound);
    return detailOf(found);
  }

  return {
    seller: deps.seller,

    async own(caller: Caller, q: Query) {
      const { rows, count } = await repo.page(db, pageQuery(q, scopeOf(caller)));
      return { data: rows.map(summaryOf), count };
    },

    async ownDetails(caller: Caller, q: Query) {
      const { rows, count } = await repo.page(db, pageQuery(q, scopeOf(caller)));
      return { data: rows.map(detailOf), count };
    },

    async all(q: Query) {
      const { rows, count } = await repo.page(db, pageQuery(q));
      return { data: rows.map(summaryOf), count };
    },

    /** A link to the PDF that works for INVOICE_FILE.linkTtlSec (a browser download sends no bearer). */
    async downloadUrl(caller: Caller, id: string): Promise<string> {
      const { invoice } = await visible(caller, id);
      const { token, exp } = signer.sign([invoice.id]);
      return `${API_PREFIX}${fillPath(INVOICE_FILE.path, { id: invoice.id })}?exp=${exp}&token=${token}`;
    },

    /** The PDF behind a signed link; 403 for a wrong or expired signature. */
    async file(id: string, exp: string, token: string): Promise<{ id: string; pdf: Buffer }> {
      if (!signer.verify([id], token, exp)) throw forbidden(M.linkInvalid);
      const found = isUuid(id) ? await repo.byId(db, id, null) : null;
      if (!found) throw notFound(M.notFound);
      return { id: found.invoice.id, pdf: await renderInvoicePdf(found.invoice) };
    },

    /**
     * POST payment/manual: an open invoice for the plan waiting for payment (the same one
     * when asked again). A plan given up later voids it (a trigger in the migration).
     */
    async requestManual(caller: Caller, body: z.output<typeof manualPaymentBody>) {
      const pending = await deps.plans.pendingOf(caller.organizationId, caller.userId);
      if (!pending) throw conflict(M.noPendingPlan);
      if (body?.planId && body.planId !== pending.id) throw conflict(M.notThePendingPlan);
      const row = await deps.issue(db, {
        organizationId: caller.organizationId,
        planId: pending.id,
        method: 'manual',
        paid: false,
      });
      return { data: await withName(row), message: M.requested(row.number) };
    },

    /**
     * POST payment/b2c/manual (its contract admits only the talent pool): a plan of a credit
     * slab, invoiced to pay by transfer.
     */
    async requestB2CManual(caller: Caller, body: z.output<typeof b2cPaymentBody>) {
      const plan = await deps.plans.createCreditsPlan(caller.organizationId, body, caller.userId);
      const row = await deps.issue(db, {
        organizationId: caller.organizationId,
        planId: plan.id,
        method: 'manual',
        paid: false,
      });
      return { data: await withName(row), message: M.requested(row.number) };
    },

    /**
     * The super admin records the transfer: in one transaction the invoice is paid, its plan
     * activated and the plan's credits added. Asking again (or twice at once) changes nothing
     * more; a void invoice, or one whose plan is no longer waiting, is 409 with nothing changed.
     */
    async markPaid(id: string) {
      if (!isUuid(id)) throw notFound(M.notFound);
      const row = await db.transaction(async (tx) => {
        const invoice = await repo.lock(tx, id);
        if (!invoice) throw notFound(M.notFound);
        if (invoice.status === 'paid') return invoice;
        if (invoice.status === 'void') throw conflict(M.voidCannotBePaid);
        const activated = invoice.planId
          ? await deps.plans.activateWithin(tx, invoice.planId)
          : null;
        if (!activated) throw conflict(M.planNoLongerPending);
        return repo.markPaid(tx, invoice.id, now());
      });
      return { data: await withName(row), message: M.marked(row.number) };
    },
  };
}
export type InvoicesService = ReturnType<typeof createInvoicesService>;
