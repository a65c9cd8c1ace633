import { useMutation, useQuery } from '@tanstack/react-query';
import { PAYMENT_MESSAGES, paymentRoutes, type PaymentSetupBody } from '@parley/contracts';
import { api, failureMessage } from '../../lib/api';
import { toast } from '../../lib/toast';

export const paymentKeys = {
  methods: ['payment', 'methods'] as const,
  latest: ['payment', 'latest'] as const,
};

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: failureMessage(error, title), variant: 'error' });

/**
 * Whether this server takes cards (Stripe configured; bank transfer is always possible), and
 * whether the organisation has a card saved (its Customer Portal is worth opening).
 */
export const usePaymentMethods = () =>
  useQuery({
    queryKey: paymentKeys.methods,
    queryFn: async ({ signal }) => (await api(paymentRoutes.methods, { signal })).data,
  });

/** How long /pricing waits for Stripe's confirmation after Checkout, asking each second. */
const CONFIRMATION_POLLS = 60;

/**
 * The organisation's latest card payment. With `awaiting` (back from Checkout) it is asked
 * again each second while it is pending, for up to a minute.
 */
export const useLatestPayment = (awaiting: boolean) =>
  useQuery({
    queryKey: paymentKeys.latest,
    queryFn: async ({ signal }) => (await api(paymentRoutes.latest, { signal })).data,
    refetchInterval: (query) =>
      awaiting &&
      (!query.state.data || query.state.data.status === 'pending') &&
      query.state.dataUpdateCount < CONFIRMATION_POLLS
        ? 1000
        : false,
  });

/** POST payment/setup, then off to Stripe's hosted Checkout page. */
export function useCardCheckout() {
  return useMutation({
    mutationFn: (body: PaymentSetupBody) => api(paymentRoutes.setup, { body, toast: false }),
    onSuccess: (res) => window.location.assign(res.data.url),
    onError: failed(PAYMENT_MESSAGES.createSessionForStripeFailed),
  });
}

/** GET payment/portal, then off to Stripe's Customer Portal. */
export function useCustomerPortal() {
  return useMutation({
    mutationFn: () => api(paymentRoutes.portal, { toast: false }),
    onSuccess: (res) => window.location.assign(res.data.url),
    onError: failed(PAYMENT_MESSAGES.portalFailed),
  });
}
