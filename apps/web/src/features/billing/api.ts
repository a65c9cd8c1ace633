import { useMutation, useQuery } from '@tanstack/react-query';
import { billingRoutes, PLAN_MESSAGES } from '@parley/contracts';
import { api, failureMessage } from '../../lib/api';
import { updateSessionUser } from '../../lib/auth-store';
import { toast } from '../../lib/toast';

export const billingKeys = {
  freeMeetingCredits: ['plan', 'free-meeting-credits'] as const,
};

export function useFreeMeetingCredits() {
  return useQuery({
    queryKey: billingKeys.freeMeetingCredits,
    queryFn: async ({ signal }) => {
      try {
        return (await api(billingRoutes.freeMeetingCredits, { signal, toast: false })).data.credits;
      } catch (error) {
        const title = PLAN_MESSAGES.freeCreditsFailed;
        toast({ title, description: failureMessage(error, title), variant: 'error' });
        throw error;
      }
    },
  });
}

/** POST plan with an empty body: the free plan; the session then holds it (the guard reads it). */
export function useStartFreePlan() {
  return useMutation({
    mutationFn: () => api(billingRoutes.createPlan, { body: {}, toast: false }),
    onSuccess: (res) => updateSessionUser({ plan: res.data }),
    onError: (error) =>
      toast({
        title: PLAN_MESSAGES.createFreeFailed,
        description: failureMessage(error, PLAN_MESSAGES.createFreeFailed),
        variant: 'error',
      }),
  });
}
