import { and, asc, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { countOf } from '../../platform/db/paged.js';
import {
  bundleSelections,
  bundles,
  organizations,
  planBundles,
  plans,
  users,
} from '../../platform/db/schema.js';

export type PlanRow = typeof plans.$inferSelect;
export type NewPaidPlan = Omit<typeof plans.$inferInsert, 'id' | 'organizationId' | 'status'>;
export type SubscriptionSortField = 'createdAt' | 'name' | 'status';

const subscriptionSort = { createdAt: plans.createdAt, name: plans.name, status: plans.status };

/**
 * Whose pending plans: a team's (requested by nobody in particular) or one talent-pool
 * seeker's.
 */
const requestedBy = (userId: string | null | undefined) =>
  userId ? eq(plans.requestedBy, userId) : isNull(plans.requestedBy);

/** Plans beyond the free one: pending plans, activation, selections and every org's plans. */
export function createPlansRepo(db: Db) {
  return {
    /**
     * The plan waiting for its payment: the organisation's, or for a talent-pool seeker
     * (`userId`) their own purchase (else the organisation's). Another seeker's is never it.
     */
    async pendingPlanOf(organizationId: string, userId?: string) {
      const whose = userId ? or(isNull(plans.requestedBy), requestedBy(userId)) : requestedBy(null);
      const [row] = await db
        .select()
        .from(plans)
        .where(and(eq(plans.organizationId, organizationId), eq(plans.status, 'pending'), whose))
        .orderBy(desc(plans.createdAt))
        .limit(1);
      return row ?? null;
    },

    async planOf(organizationId: string, planId: string) {
      const [row] = await db
        .select()
        .from(plans)
        .where(and(eq(plans.organizationId, organizationId), eq(plans.id, planId)));
      return row ?? null;
    },

    async plansOf(organizationId: string, page: { page: number; size: number }) {
      const where = eq(plans.organizationId, organizationId);
      const [rows, count] = await Promise.all([
        db
          .select()
          .from(plans)
          .where(where)
          .orderBy(desc(plans.createdAt), asc(plans.id))
          .limit(page.size)
          .offset(page.page * page.size),
        countOf(db, plans, where),
      ]);
      return { rows, count };
    },

    /**
     * A plan waiting for its payment, holding `bundleIds`. Any plan the organisation had
     * waiting is cancelled in the same transaction: one pending plan at a time, per
     * organisation, or per seeker in the talent pool (`values.requestedBy`).
     */
    createPending(organizationId: string, values: NewPaidPlan, bundleIds: string[]) {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.id, organizationId))
          .for('update');
        await tx
          .update(plans)
          .set({ status: 'cancelled' })
          .where(
            and(
              eq(plans.organizationId, organizationId),
              eq(plans.status, 'pending'),
              requestedBy(values.requestedBy),
            ),
          );
        const [row] = await tx
          .insert(plans)
          .values({ ...values, organizationId, status: 'pending' })
          .returning();
        if (!row) throw new Error('plan insert returned nothing');
        if (bundleIds.length > 0) {
          await tx
            .insert(planBundles)
            .values(bundleIds.map((bundleId) => ({ planId: row.id, bundleId })));
        }
        return row;
      });
    },

    /**
     * Makes a pending plan the organisation's plan, once, or for a talent-pool seeker's own
     * purchase (`requestedBy` in a B2C organisation) that seeker's plan: the plan it replaces is
     * kept as 'replaced', its unused credits carried over, and the pending plan's credits added.
     * Null when the plan is not pending (already activated, cancelled or unknown), changing
     * nothing.
     */
    activate(planId: string, at: Date) {
      return db.transaction(async (tx) => {
        const [pending] = await tx
          .select()
          .from(plans)
          .where(and(eq(plans.id, planId), eq(plans.status, 'pending')))
          .for('update');
        if (!pending) return null;
        const [org] = await tx
          .select({ planId: organizations.planId, isB2C: organizations.isB2C })
          .from(organizations)
          .where(eq(organizations.id, pending.organizationId))
          .for('update');
        const seekerId = org?.isB2C ? pending.requestedBy : null;
        let current = org?.planId ?? null;
        if (seekerId) {
          const [seeker] = await tx
            .select({ planId: users.planId })
            .from(users)
            .where(eq(users.id, seekerId))
            .for('update');
          current = seeker?.planId ?? null;
        }
        let carried = 0;
        if (current) {
          const [old] = await tx
            .update(plans)
            .set({ status: 'replaced' })
            .where(and(eq(plans.id, current), ne(plans.id, planId)))
            .returning({ remainingCredits: plans.remainingCredits });
          carried = old?.remainingCredits ?? 0;
        }
        const [row] = await tx
          .update(plans)
          .set({
            status: 'active',
            activatedAt: at,
            remainingCredits: carried + pending.lastPaymentCredits,
          })
          .where(eq(plans.id, planId))
          .returning();
        if (seekerId) await tx.update(users).set({ planId }).where(eq(users.id, seekerId));
        else
          await tx
            .update(organizations)
            .set({ planId })
            .where(eq(organizations.id, pending.organizationId));
        return row ?? null;
      });
    },

    async setAutoPay(planId: string, credits: number, name: string | undefined) {
      const [row] = await db
        .update(plans)
        .set({ autoPayCreditsToAdd: credits, ...(name ? { name } : {}) })
        .where(eq(plans.id, planId))
        .returning();
      return row ?? null;
    },

    async selectionOf(organizationId: string) {
      const [row] = await db
        .select()
        .from(bundleSelections)
        .where(eq(bundleSelections.organizationId, organizationId));
      return row ?? null;
    },

    async saveSelection(organizationId: string, bundleIds: string[], creditSlabId: string | null) {
      const values = { bundleIds, creditSlabId, updatedAt: new Date() };
      await db
        .insert(bundleSelections)
        .values({ organizationId, ...values })
        .onConflictDoUpdate({ target: bundleSelections.organizationId, set: values });
    },

    /** The bundle names of each plan. */
    async bundleNamesOf(planIds: string[]): Promise<Map<string, string[]>> {
      const byPlan = new Map<string, string[]>();
      if (planIds.length === 0) return byPlan;
      const rows = await db
        .select({ planId: planBundles.planId, name: bundles.name })
        .from(planBundles)
        .innerJoin(bundles, eq(bundles.id, planBundles.bundleId))
        .where(inArray(planBundles.planId, planIds))
        .orderBy(asc(bundles.name));
      for (const r of rows) byPlan.set(r.planId, [...(byPlan.get(r.planId) ?? []), r.name]);
      return byPlan;
    },

    /** Every organisation's plans (Enterprise Management), by organisation or plan name. */
    async subscriptionPage(opts: {
      search?: string;
      sort: { field: SubscriptionSortField; direction: 'asc' | 'desc' };
      page: number;
      size: number;
    }) {
      const pattern = containsPattern(opts.search);
      const where = pattern
        ? or(ilike(organizations.name, pattern), ilike(plans.name, pattern))
        : undefined;
      const by = opts.sort.direction === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select({ plan: plans, organizationName: organizations.name })
          .from(plans)
          .innerJoin(organizations, eq(organizations.id, plans.organizationId))
          .where(where)
          .orderBy(by(subscriptionSort[opts.sort.field]), asc(plans.id))
          .limit(opts.size)
          .offset(opts.page * opts.size),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(plans)
          .innerJoin(organizations, eq(organizations.id, plans.organizationId))
          .where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },
  };
}
export type PlansRepo = ReturnType<typeof createPlansRepo>;
