import type { Plan } from '@parley/contracts';
import type { PlansRepo } from './repo.js';

export function createPlansService(repo: PlansRepo) {
  return {
    /** The organisation's active plan in the session shape, or null when it has none. */
    async activePlan(organizationId: string): Promise<Plan | null> {
      const plan = await repo.activePlanOf(organizationId);
      if (!plan) return null;
      const currentBundles = await repo.bundlesOfPlan(plan.id);
      return {
        id: plan.id,
        name: plan.name,
        type: plan.type,
        endDate: plan.endDate ? plan.endDate.toISOString() : null,
        remainingCredits: plan.remainingCredits,
        freeMeetingCredits: plan.freeMeetingCredits,
        currentBundles,
        bundleIds: currentBundles.map((b) => b.id),
      };
    },
  };
}
export type PlansService = ReturnType<typeof createPlansService>;
