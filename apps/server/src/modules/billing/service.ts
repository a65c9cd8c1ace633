import {
  CREDIT_MESSAGES,
  FREE_PLAN_TYPE,
  MESSAGES,
  PLAN_MESSAGES,
  type Plan,
} from '@parley/contracts';
import { conflict, paymentRequired } from '../../platform/errors.js';
import type { AccessCache } from '../../platform/access-cache.js';
import type { Db } from '../../platform/db/client.js';
import { createBillingRepo, type BillingRepo } from './repo.js';

/** Credits are minutes of analysed media; a started minute counts whole. */
export const creditsFor = (minutes: number) => Math.max(1, Math.ceil(minutes));

/**
 * `freeMeetingCredits`: the meeting credits a new organisation's free plan starts with (the
 * FREE_MEETING_CREDITS parameter, the environment value as its default).
 */
/** `access` hears of every plan started or ended, so this process's feature gate sees it at once. */
export function createBillingService(
  repo: BillingRepo,
  freeMeetingCredits: () => Promise<number>,
  access: AccessCache,
) {
  const creditsCut: ((organizationId: string) => Promise<void>)[] = [];
  /**
   * The active plan in the session shape, or null when there is none: the organisation's, or
   * for a talent-pool seeker (`userId`) their own.
   */
  async function activePlan(organizationId: string, userId?: string | null): Promise<Plan | null> {
    const plan = await repo.activePlanOf(organizationId, userId);
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
  }

  async function assertCredits(
    organizationId: string,
    minutes: number,
    userId?: string | null,
  ): Promise<void> {
    // The platform's own organisation has no plan: what it analyses is everyone's default content.
    if (await repo.isPlatform(organizationId)) return;
    const plan = await repo.activePlanOf(organizationId, userId);
    if (!plan) throw paymentRequired(MESSAGES.noActivePlan);
    const needed = creditsFor(minutes);
    if (plan.remainingCredits < needed) {
      throw paymentRequired(CREDIT_MESSAGES.notEnough(needed, plan.remainingCredits));
    }
  }

  /**
   * Puts an organisation without a plan on the free plan (team sign-up, an invited
   * organisation, POST plan); 409 when it has a plan already.
   */
  async function createFreePlan(organizationId: string): Promise<Plan> {
    const credits = await freeMeetingCredits();
    const created = await repo.insertFreePlan(organizationId, {
      name: PLAN_MESSAGES.freePlanName,
      type: FREE_PLAN_TYPE,
      credits,
    });
    if (!created) throw conflict(PLAN_MESSAGES.alreadyHasPlan);
    access.changed();
    const plan = await activePlan(organizationId);
    if (!plan) throw new Error('the free plan just created is not active');
    return plan;
  }

  /** A listener's failure is not the charge's: the credits are taken either way. */
  async function creditsCutBy(organizationId: string): Promise<void> {
    for (const listener of creditsCut) await listener(organizationId).catch(() => undefined);
  }

  return {
    /**
     * For the analysis pipeline, before it starts on a meeting of `minutes` owned by `userId`:
     * 402 without a plan or with fewer credits left than the meeting needs.
     */
    assertCredits,

    /** Charges an analysed meeting of `minutes` (spec 2 §7 credits/cutCreditsForOffline). */
    async cutCredits(
      organizationId: string,
      minutes: number,
      userId?: string | null,
    ): Promise<{ message: string }> {
      if (await repo.isPlatform(organizationId)) return { message: CREDIT_MESSAGES.notCharged };
      const needed = creditsFor(minutes);
      const left = await repo.takeCredits(organizationId, needed, userId);
      if (left === null) {
        // Refused: say why, from a fresh read.
        await assertCredits(organizationId, minutes, userId);
        throw paymentRequired(CREDIT_MESSAGES.notEnough(needed, 0));
      }
      await creditsCutBy(organizationId);
      return { message: CREDIT_MESSAGES.cut(needed, left) };
    },

    /**
     * What runs after credits are taken and committed (auto-pay looks at the balance). The
     * analysis pipeline charges inside its own transaction; its caller tells the listeners
     * through `creditsCutBy` once that has committed.
     */
    onCreditsCut(listener: (organizationId: string) => Promise<void>): void {
      creditsCut.push(listener);
    },
    creditsCutBy,

    /** Credits bought for a plan (auto-pay), in the caller's transaction. */
    addCreditsWithin: (tx: Db, planId: string, credits: number) =>
      createBillingRepo(tx).addCredits(planId, credits),
    /** The end of a plan, in the caller's transaction (a card subscription cancelled). */
    setEndDateWithin: async (tx: Db, planId: string, endDate: Date | null) => {
      await createBillingRepo(tx).setEndDate(planId, endDate);
      // Before the commit: a read until then may keep the old end for ACCESS_CACHE_MS.
      access.changed();
    },

    /**
     * The same charge inside the caller's transaction (the analysis pipeline commits it with
     * the meeting's status). False, with nothing taken, when too few credits are left.
     */
    async cutCreditsWithin(
      tx: Db,
      organizationId: string,
      minutes: number,
      userId?: string | null,
    ): Promise<boolean> {
      const inTx = createBillingRepo(tx);
      if (await inTx.isPlatform(organizationId)) return true;
      return (await inTx.takeCredits(organizationId, creditsFor(minutes), userId)) !== null;
    },

    async remainingCredits(organizationId: string, userId?: string | null): Promise<number | null> {
      return (await repo.activePlanOf(organizationId, userId))?.remainingCredits ?? null;
    },

    freeMeetingCredits,

    createFreePlan,

    activePlan,

    /**
     * A talent-pool seeker's own plan, starting their free plan (the FREE_MEETING_CREDITS
     * credits) when they have none yet: on their first interview or POST plan/b2c. Another
     * seeker's plan is never theirs.
     */
    async ensureSeekerPlan(organizationId: string, userId: string): Promise<Plan> {
      const active = await activePlan(organizationId, userId);
      if (active) return active;
      const credits = await freeMeetingCredits();
      // Null: a request a moment ago started it.
      await repo.insertSeekerFreePlan(organizationId, userId, {
        name: PLAN_MESSAGES.freePlanName,
        type: FREE_PLAN_TYPE,
        credits,
      });
      access.changed();
      const started = await activePlan(organizationId, userId);
      if (!started) throw new Error('the seeker has no plan after starting the free one');
      return started;
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
