import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CATALOGUE_MESSAGES,
  INVOICE_MESSAGES,
  PAYMENT_MESSAGES,
  PLAN_MESSAGES,
  invoiceRoutes,
  paymentRoutes,
  planRoutes,
  type InvoiceQuery,
} from '@parley/contracts';
import { api, failureMessage, withFailureToast } from '../../lib/api';
import { toast } from '../../lib/toast';
import { usePageQuery } from '../../lib/use-page-query';
import { billingKeys } from './api';

/**
 * A talent-pool seeker buying credits (spec 3 §7 payment/b2c): by card through Stripe
 * Checkout, or by bank transfer against an invoice; their own invoices. The pool is one
 * organisation, so each call answers for the signed-in seeker only.
 */
export const talentPoolKeys = {
  invoices: (q: InvoiceQuery) => ['invoices', 'talent-pool', q] as const,
};

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: failureMessage(error, title), variant: 'error' });

export interface CreditPurchase {
  name: string;
  credits: number;
}

/** POST payment/b2c/setup, then off to Stripe's hosted Checkout page. */
export function useTalentPoolCheckout() {
  return useMutation({
    mutationFn: (body: CreditPurchase) => api(paymentRoutes.b2cSetup, { body, toast: false }),
    onSuccess: (res) => window.location.assign(res.data.url),
    onError: failed(PAYMENT_MESSAGES.createSessionFailed),
  });
}

/** POST payment/b2c/manual: an invoice to pay by bank transfer; the purchase then waits. */
export function useTalentPoolTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreditPurchase) => api(invoiceRoutes.b2cManual, { body, toast: false }),
    onSuccess: (res) => {
      toast({ title: res.message, variant: 'success' });
      return Promise.all([
        client.invalidateQueries({ queryKey: billingKeys.plans }),
        client.invalidateQueries({ queryKey: ['invoices'] }),
      ]);
    },
    onError: failed(INVOICE_MESSAGES.manualFailed),
  });
}

/** The seeker's own invoices, with their lines and payment details. */
export const useTalentPoolInvoices = (query: InvoiceQuery) =>
  usePageQuery(talentPoolKeys.invoices(query), (signal) =>
    withFailureToast(
      api(invoiceRoutes.b2cOwn, { query, signal, toast: false }),
      CATALOGUE_MESSAGES.searchFailed('invoices'),
    ),
  );

/** A signed link to one of the seeker's invoices, downloaded as invoice_{id}.pdf. */
export function useTalentPoolInvoiceDownload() {
  return useMutation({
    mutationFn: async (id: string) => {
      const { url } = (await api(invoiceRoutes.b2cDownload, { params: { id }, toast: false })).data;
      const link = document.createElement('a');
      link.href = url;
      link.download = `invoice_${id}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
    },
    onError: failed(INVOICE_MESSAGES.downloadFailed),
  });
}

/** POST plan/b2c: the talent pool's free plan, started by the first seeker who needs it. */
export function useStartTalentPoolPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(planRoutes.createB2C, { body: {}, toast: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.plans }),
    onError: failed(PLAN_MESSAGES.createFreeB2CFailed),
  });
}
