import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CATALOGUE_MESSAGES,
  PLAN_MESSAGES,
  billingRoutes,
  bundleRoutes,
  creditSlabRoutes,
  planRoutes,
  type BundleSelectionBody,
} from '@parley/contracts';
import { api, failureMessage, withFailureToast } from '../../lib/api';
import { updateSessionUser } from '../../lib/auth-store';
import { toast } from '../../lib/toast';

export const billingKeys = {
  all: ['plan'] as const,
  freeMeetingCredits: ['plan', 'free-meeting-credits'] as const,
  plans: ['plan', 'current'] as const,
  selection: ['plan', 'selection'] as const,
  activeBundles: ['plan', 'bundles'] as const,
  activeSlabs: ['plan', 'slabs'] as const,
  usageByDay: (from: string, to: string) => ['plan', 'usage', from, to] as const,
};

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: failureMessage(error, title), variant: 'error' });

export function useFreeMeetingCredits() {
  return useQuery({
    queryKey: billingKeys.freeMeetingCredits,
    queryFn: async ({ signal }) =>
      (
        await withFailureToast(
          api(billingRoutes.freeMeetingCredits, { signal, toast: false }),
          PLAN_MESSAGES.freeCreditsFailed,
        )
      ).data.credits,
  });
}

/** POST plan with an empty body: the free plan; the session then holds it (the guard reads it). */
export function useStartFreePlan() {
  return useMutation({
    mutationFn: () => api(planRoutes.create, { body: {}, toast: false }),
    onSuccess: (res) => updateSessionUser({ plan: res.data }),
    onError: failed(PLAN_MESSAGES.createFreeFailed),
  });
}

/** The organisation's active plan and the one waiting for its payment. */
export const usePlans = () =>
  useQuery({
    queryKey: billingKeys.plans,
    queryFn: async ({ signal }) => (await api(planRoutes.get, { signal })).data,
  });

export const useActiveBundles = () =>
  useQuery({
    queryKey: billingKeys.activeBundles,
    queryFn: async ({ signal }) =>
      (
        await withFailureToast(
          api(bundleRoutes.active, { signal, toast: false }),
          CATALOGUE_MESSAGES.allBundlesFailed,
        )
      ).data,
  });

export const useActiveCreditSlabs = () =>
  useQuery({
    queryKey: billingKeys.activeSlabs,
    queryFn: async ({ signal }) =>
      (
        await withFailureToast(
          api(creditSlabRoutes.active, { signal, toast: false }),
          CATALOGUE_MESSAGES.allCreditSlabsFailed,
        )
      ).data,
  });

/** What the organisation has picked on /pricing, priced by the server. */
export const useSelection = (enabled: boolean) =>
  useQuery({
    queryKey: billingKeys.selection,
    queryFn: async ({ signal }) => (await api(planRoutes.selection, { signal })).data,
    enabled,
  });

export function useSelect() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BundleSelectionBody) => api(planRoutes.select, { body }),
    onSuccess: (res) => client.setQueryData(billingKeys.selection, res.data),
  });
}

/** POST plan {name, creditsToAddForAutoPay}: a plan of the selection, waiting for its payment. */
export function useCreatePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; creditsToAddForAutoPay: number }) =>
      api(planRoutes.create, { body, toast: false }),
    onSuccess: async (res) => {
      // Nothing to pay: the plan is the organisation's at once, and the guard reads it.
      if (res.data.status === 'active') updateSessionUser({ plan: res.data });
      await client.invalidateQueries({ queryKey: billingKeys.all });
    },
    onError: failed(PLAN_MESSAGES.createFailed),
  });
}

export function useUpdateAutoPay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (credits: number) => api(planRoutes.update, { body: { credits }, toast: false }),
    onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.plans }),
    onError: failed(PLAN_MESSAGES.updateCreditsFailed),
  });
}

export const useUsageByDay = (from: string, to: string) =>
  useQuery({
    queryKey: billingKeys.usageByDay(from, to),
    queryFn: async ({ signal }) =>
      (await api(billingRoutes.usageByDay, { body: { from, to }, signal })).data.bundleUsage,
  });
