import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  INVOICE_MESSAGES as M,
  CATALOGUE_MESSAGES,
  invoiceRoutes as r,
  type InvoiceQuery,
} from '@parley/contracts';
import { api, failureMessage, withFailureToast } from '../../lib/api';
import { toast } from '../../lib/toast';
import { usePageQuery } from '../../lib/use-page-query';

export const invoiceKeys = {
  all: ['invoices'] as const,
  ownDetails: (q: InvoiceQuery) => ['invoices', 'own-details', q] as const,
  every: (q: InvoiceQuery) => ['invoices', 'all', q] as const,
  own: (q: InvoiceQuery) => ['invoices', 'own', q] as const,
};

const quiet = { toast: false } as const;

/** Every organisation's invoices (Enterprise Management, super admin). */
export const useAllInvoices = (query: InvoiceQuery) =>
  usePageQuery(invoiceKeys.every(query), (signal) =>
    withFailureToast(
      api(r.all, { query, signal, ...quiet }),
      CATALOGUE_MESSAGES.searchFailed('invoices'),
    ),
  );

/** The organisation's own invoices (/configuration, its administrators). */
export const useOwnInvoices = (query: InvoiceQuery) =>
  usePageQuery(invoiceKeys.own(query), (signal) =>
    withFailureToast(
      api(r.own, { query, signal, ...quiet }),
      CATALOGUE_MESSAGES.searchFailed('invoices'),
    ),
  );

/** The organisation's invoices with their lines and payment details (a plan's open invoice). */
export const useOwnInvoiceDetails = (query: InvoiceQuery) =>
  usePageQuery(invoiceKeys.ownDetails(query), (signal) =>
    withFailureToast(
      api(r.ownDetails, { query, signal, ...quiet }),
      CATALOGUE_MESSAGES.searchFailed('invoices'),
    ),
  );

/**
 * Asks for a signed link and lets the browser download it (the server names the file
 * invoice_{id}.pdf); 'Failed to download invoice' with the reason when it cannot.
 */
export function useInvoiceDownload() {
  return useMutation({
    mutationFn: async (id: string) => {
      const { url } = (await api(r.download, { params: { id }, ...quiet })).data;
      const link = document.createElement('a');
      link.href = url;
      link.download = `invoice_${id}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
    },
    onError: (error) =>
      toast({
        title: M.downloadFailed,
        description: failureMessage(error, M.downloadFailed),
        variant: 'error',
      }),
  });
}

/**
 * The super admin records a bank transfer: the invoice is paid and its plan active, so the
 * invoices and the subscriptions (Enterprise Management's catalogue queries) reload.
 */
export function useMarkPaid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(r.markPaid, { params: { id }, ...quiet }),
    onError: (error) =>
      toast({
        title: M.markPaidFailed,
        description: failureMessage(error, M.markPaidFailed),
        variant: 'error',
      }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: invoiceKeys.all }),
        client.invalidateQueries({ queryKey: ['catalogue'] }),
      ]),
  });
}

/** POST payment/manual: an open invoice for the plan waiting for payment. */
export function useManualPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (planId: string) => api(r.manual, { body: { planId }, ...quiet }),
    onSuccess: () => client.invalidateQueries({ queryKey: invoiceKeys.all }),
    onError: (error) =>
      toast({
        title: M.manualFailed,
        description: failureMessage(error, M.manualFailed),
        variant: 'error',
      }),
  });
}
