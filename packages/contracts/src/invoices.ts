import { z } from 'zod';
import { moneySchema } from './money.js';
import { defineRoute } from './route.js';

/** Spec 3 §8 Billing texts of the invoice and manual-payment calls, and the server's answers. */
export const INVOICE_MESSAGES = {
  downloadFailed: 'Failed to download invoice',
  /** Spec 3 §8: the payment session of a manual payment (an invoice to pay by transfer). */
  manualFailed: 'Create Session Failed',
  markPaidFailed: 'Failed to mark the invoice paid',
  notFound: 'Invoice not found',
  linkInvalid: 'This invoice link is invalid or has expired',
  noPendingPlan: 'Your organization has no plan waiting for payment',
  notThePendingPlan: 'This plan is not the one waiting for payment',
  nothingToPay: 'This plan has nothing to pay',
  voidCannotBePaid: 'A void invoice cannot be marked paid',
  planNoLongerPending:
    'The plan of this invoice is no longer waiting for payment; nothing was changed',
  marked: (number: string) => `Invoice ${number} marked paid; the plan is active`,
  requested: (number: string) => `Invoice ${number} issued: pay it by bank transfer`,
} as const;

export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

export const PAYMENT_METHODS = ['card', 'manual'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** A party as printed on the invoice, copied when it is issued (a later address change leaves it). */
export const invoicePartySchema = z.object({ name: z.string(), lines: z.array(z.string()) });
export type InvoiceParty = z.infer<typeof invoicePartySchema>;

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitMinor: z.number().int(),
  amountMinor: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceTaxSchema = z.object({
  name: z.string(),
  /** Basis points: 2000 is 20 %. */
  rateBasisPoints: z.number().int(),
  amountMinor: z.number().int(),
});
export type InvoiceTax = z.infer<typeof invoiceTaxSchema>;

/** One invoice as lists show it. */
export const invoiceSummarySchema = z.object({
  id: z.string(),
  /** Gap-free per seller and year: PAR-2026-000123. */
  number: z.string(),
  /** Null once the organisation is deleted (the invoice is kept; buyer holds its name). */
  organizationId: z.string().nullable(),
  organizationName: z.string(),
  planId: z.string().nullable(),
  planName: z.string().nullable(),
  status: invoiceStatusSchema,
  method: paymentMethodSchema,
  issuedAt: z.string(),
  paidAt: z.string().nullable(),
  total: moneySchema,
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** The whole invoice (plan/organization/invoices, payment/manual): parties, lines and taxes. */
export const invoiceSchema = invoiceSummarySchema.extend({
  seller: invoicePartySchema,
  buyer: invoicePartySchema,
  lines: z.array(invoiceLineSchema),
  taxes: z.array(invoiceTaxSchema),
  subtotal: moneySchema,
  tax: moneySchema,
  externalId: z.string().nullable(),
  /** Where to send the bank transfer, as configured when it was issued; null without. */
  paymentDetails: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const INVOICE_SORT_FIELDS = ['issuedAt', 'number', 'status', 'total'] as const;
export const invoiceQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  sort: z
    .string()
    .regex(
      /^(issuedAt|number|status|total):(asc|desc)$/,
      'sort is issuedAt, number, status or total, then :asc or :desc',
    )
    .default('issuedAt:desc'),
  /** Invoice number, organisation or plan name. */
  search: z.string().trim().max(200).optional(),
  status: invoiceStatusSchema.optional(),
});
export type InvoiceQuery = z.input<typeof invoiceQuery>;

/**
 * The tax new invoices apply: the TAX_RATE_BASIS_POINTS parameter (0, the default, is none)
 * and the TAX_LABEL parameter ('Tax' when unset). Catalogue prices include it: an invoice's
 * total is what was charged, and the tax is the part of it shown separately.
 */
export const invoiceTaxSettingSchema = z.object({
  label: z.string(),
  rateBasisPoints: z.number().int(),
});
export type InvoiceTaxSetting = z.infer<typeof invoiceTaxSettingSchema>;
export const TAX_PARAMETERS = { rate: 'TAX_RATE_BASIS_POINTS', label: 'TAX_LABEL' } as const;
export const DEFAULT_TAX_LABEL = 'Tax';

export const invoiceSellerSchema = z.object({
  /** The seller as it would print on an invoice issued now. */
  seller: invoicePartySchema,
  /** The platform organisation, whose billing address is the seller's (null: none exists). */
  platformOrganizationId: z.string().nullable(),
  /** False: invoices print the seller's name without an address until one is saved. */
  hasAddress: z.boolean(),
  /** Null: no tax is applied. */
  tax: invoiceTaxSettingSchema.nullable(),
});
export type InvoiceSeller = z.infer<typeof invoiceSellerSchema>;

export const invoicePage = z.object({ data: z.array(invoiceSummarySchema), count: z.number() });
export const invoiceDetailPage = z.object({ data: z.array(invoiceSchema), count: z.number() });

/** The PDF behind a download link, outside the bearer-checked routes (the link is its permission). */
export const INVOICE_FILE = {
  path: '/invoice/file/:id',
  /** Seconds a download link works. */
  linkTtlSec: 300,
  fileName: (id: string) => `invoice_${id}.pdf`,
} as const;

/** POST payment/manual: an invoice for the plan waiting for payment (the organisation's own). */
export const manualPaymentBody = z
  .object({ planId: z.uuid('Not a valid id').optional() })
  .nullish();
/** POST payment/b2c/manual and payment/b2c/setup: a talent-pool plan of a credit slab. */
export const b2cPaymentBody = z.object({
  name: z.string().trim().min(1, 'name is required').max(100),
  credits: z.number().int('credits must be a whole number').positive().max(10_000_000),
});
export const b2cPlanUpdateBody = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  credits: z.number().int('credits must be a whole number').min(0).max(10_000_000),
});

const tags = ['billing'];
const one = z.object({ data: invoiceSchema });

export const invoiceRoutes = {
  own: defineRoute({
    method: 'GET',
    path: '/plan/invoices',
    summary: 'The organisation’s invoices, newest first',
    tags,
    auth: true,
    permission: 'billing.manage',
    query: invoiceQuery,
    response: invoicePage,
  }),
  ownDetails: defineRoute({
    method: 'GET',
    path: '/plan/organization/invoices',
    summary: 'The organisation’s invoices with their parties, lines and taxes',
    tags,
    auth: true,
    permission: 'billing.manage',
    query: invoiceQuery,
    response: invoiceDetailPage,
  }),
  // A talent-pool seeker holds no billing role; these list and fetch their own purchases only.
  b2cOwn: defineRoute({
    method: 'GET',
    path: '/plan/b2c/invoices',
    summary: 'Talent pool: the seeker’s own invoices with their lines and taxes, newest first',
    tags,
    auth: true,
    permission: 'profile.own',
    talentPool: true,
    query: invoiceQuery,
    response: invoiceDetailPage,
  }),
  b2cDownload: defineRoute({
    method: 'GET',
    path: '/invoice/b2c/download/:id',
    summary: 'Talent pool: a short-lived signed link to one of the seeker’s own invoices',
    tags,
    auth: true,
    permission: 'profile.own',
    talentPool: true,
    response: z.object({ data: z.object({ url: z.string() }) }),
  }),
  seller: defineRoute({
    method: 'GET',
    path: '/invoice/seller',
    summary:
      'What new invoices print as the seller (the platform organisation’s billing address) and the tax they apply (super admin)',
    tags,
    auth: true,
    permission: 'platform.manage',
    response: z.object({ data: invoiceSellerSchema }),
  }),
  all: defineRoute({
    method: 'GET',
    path: '/invoice/query',
    summary: 'Every organisation’s invoices, searched and sorted (super admin)',
    tags,
    auth: true,
    permission: 'platform.manage',
    query: invoiceQuery,
    response: invoicePage,
  }),
  download: defineRoute({
    method: 'GET',
    path: '/invoice/download/:id',
    summary: 'A short-lived signed link to the invoice’s PDF (invoice_{id}.pdf)',
    tags,
    auth: true,
    permission: 'billing.manage',
    response: z.object({ data: z.object({ url: z.string() }) }),
  }),
  markPaid: defineRoute({
    method: 'POST',
    path: '/invoice/:id/paid',
    summary:
      'Record the bank transfer of an open invoice: it is paid and its plan active (super admin; twice is once)',
    tags,
    auth: true,
    permission: 'platform.manage',
    response: one.extend({ message: z.string() }),
  }),
  manual: defineRoute({
    method: 'POST',
    path: '/payment/manual',
    summary: 'Ask for an invoice of the plan waiting for payment, to pay by bank transfer',
    tags,
    auth: true,
    permission: 'billing.manage',
    body: manualPaymentBody,
    status: 201,
    response: one.extend({ message: z.string() }),
  }),
  b2cManual: defineRoute({
    method: 'POST',
    path: '/payment/b2c/manual',
    summary:
      'Talent pool: a plan of the credit slab with this many credits, invoiced to pay by bank transfer',
    tags,
    auth: true,
    permission: 'profile.own',
    talentPool: true,
    body: b2cPaymentBody,
    status: 201,
    response: one.extend({ message: z.string() }),
  }),
} as const;
