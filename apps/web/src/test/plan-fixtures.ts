import { money, type PlanDetail } from '@parley/contracts';

/** A plan waiting for its payment, as GET plan answers it; tests name what matters to them. */
export function pendingPlan(
  over: Partial<PlanDetail> & Pick<PlanDetail, 'id' | 'name'> & { totalMinor: number },
): PlanDetail {
  const { totalMinor, ...rest } = over;
  const discountMinor = rest.discount?.minor ?? 2000;
  return {
    type: 'subscription',
    status: 'pending',
    endDate: null,
    remainingCredits: 0,
    freeMeetingCredits: 0,
    currentBundles: [],
    bundleIds: [],
    totalPrice: money(totalMinor, 'USD'),
    discount: money(discountMinor, 'USD'),
    discountedPrice: money(totalMinor - discountMinor, 'USD'),
    creditSlabId: null,
    lastPaymentCredits: 2000,
    autoPayCredits: 0,
    createdAt: '2026-03-01T10:00:00.000Z',
    activatedAt: null,
    ...rest,
  };
}
