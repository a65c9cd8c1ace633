import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import type { PlansService } from '../billing/index.js';
import { SELLER_FALLBACK_NAME, createIssuer, describeSeller } from './issue.js';
import type { AddressNames } from './parties.js';
import { registerInvoiceRoutes } from './routes.js';
import { createInvoicesService } from './service.js';

export interface InvoicesNeeds {
  db: Db;
  plans: PlansService;
  /** Country, state and city names for the addresses an invoice copies. */
  locations: AddressNames;
  /** Signs download links. */
  appSecret: string;
  /** INVOICE_PAYMENT_DETAILS: where a bank transfer goes. */
  paymentDetails: string;
  now: () => Date;
}

/** The seller's series: PAR-2026-000123. */
const SERIES_PREFIX = 'PAR';

/**
 * Invoices: issued by a payment (card: the payments module calls `issue` in its transaction;
 * bank transfer: payment/manual issues an open one the super admin marks paid), kept
 * immutable, listed, and downloaded as PDF through a signed link.
 */
export function createInvoicesModule(needs: InvoicesNeeds) {
  const issue = createIssuer({
    locations: needs.locations,
    now: needs.now,
    prefix: SERIES_PREFIX,
    sellerName: SELLER_FALLBACK_NAME,
    paymentDetails: needs.paymentDetails,
  });
  const service = createInvoicesService({
    seller: () => describeSeller(needs.db, needs.locations),
    db: needs.db,
    issue,
    plans: needs.plans,
    appSecret: needs.appSecret,
    now: needs.now,
  });
  return {
    /**
     * `issue(txOrDb, {organizationId, planId, method, paid, externalId?})`: the one way an
     * invoice is made. Idempotent per provider payment and per open plan.
     */
    issue,
    service,
    registerRoutes(api: FastifyInstance): void {
      registerInvoiceRoutes(api, service);
    },
  };
}
