import { and, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  autoPayClaims,
  payments,
  plans,
  stripeCustomers,
  stripeEvents,
} from '../../platform/db/schema.js';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Stripe customers, applied event ids, card payments and auto-pay claims. */
export function createPaymentsRepo(db: Db) {
  return {
    async customerOf(organizationId: string) {
      const [row] = await db
        .select()
        .from(stripeCustomers)
        .where(eq(stripeCustomers.organizationId, organizationId));
      return row ?? null;
    },

    /** Keeps the first customer stored for the organisation; answers the one kept. */
    async saveCustomer(organizationId: string, customerId: string) {
      await db
        .insert(stripeCustomers)
        .values({ organizationId, customerId })
        .onConflictDoNothing({ target: stripeCustomers.organizationId });
      const [row] = await db
        .select()
        .from(stripeCustomers)
        .where(eq(stripeCustomers.organizationId, organizationId));
      if (!row) throw new Error('stripe customer insert left no row');
      return row;
    },

    async customerById(customerId: string) {
      const [row] = await db
        .select()
        .from(stripeCustomers)
        .where(eq(stripeCustomers.customerId, customerId));
      return row ?? null;
    },

    /** A plan's declined auto-pay is forgotten, so the next low balance tries the new card. */
    async forgetFailedAutoPay(planId: string) {
      await db
        .delete(autoPayClaims)
        .where(and(eq(autoPayClaims.planId, planId), eq(autoPayClaims.status, 'failed')));
    },

    async savePaymentMethod(customerId: string, paymentMethodId: string) {
      await db
        .update(stripeCustomers)
        .set({ paymentMethodId, updatedAt: new Date() })
        .where(eq(stripeCustomers.customerId, customerId));
    },

    /**
     * Claims a Stripe event for this transaction: false when its id is already stored (applied
     * before, or being applied by a concurrent delivery, which the unique key makes wait).
     */
    async claimEvent(id: string, type: string): Promise<boolean> {
      const rows = await db
        .insert(stripeEvents)
        .values({ id, type })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      return rows.length > 0;
    },

    async insertPayment(values: NewPayment) {
      const [row] = await db.insert(payments).values(values).returning();
      if (!row) throw new Error('payment insert returned nothing');
      return row;
    },

    async paymentByExternalId(externalId: string) {
      const [row] = await db.select().from(payments).where(eq(payments.externalId, externalId));
      return row ?? null;
    },

    /** The newest payment of a plan still waiting for its outcome. */
    async pendingPaymentOfPlan(planId: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.planId, planId), eq(payments.status, 'pending')))
        .orderBy(desc(payments.createdAt))
        .limit(1);
      return row ?? null;
    },

    /** The payment Stripe knows by this id, inserted with `values` when it is not stored yet. */
    async ensurePayment(values: NewPayment) {
      await db.insert(payments).values(values).onConflictDoNothing({ target: payments.externalId });
      const [row] = await db
        .select()
        .from(payments)
        .where(eq(payments.externalId, values.externalId));
      if (!row) throw new Error('payment upsert left no row');
      return row;
    },

    /**
     * Moves a payment to its outcome, once: only from one of `from` (a declined card may still
     * be paid with another on the same Checkout page, so success may follow failure). Null
     * when it was in none of them, changing nothing.
     */
    async settle(
      id: string,
      status: 'succeeded' | 'failed' | 'expired',
      reason: string | null = null,
      from: readonly string[] = ['pending'],
    ) {
      const [row] = await db
        .update(payments)
        .set({ status, reason, updatedAt: new Date() })
        .where(and(eq(payments.id, id), inArray(payments.status, [...from])))
        .returning();
      return row ?? null;
    },

    /** The latest payment, leaving out other talent-pool seekers' purchases. */
    async latestOf(organizationId: string, userId: string) {
      const [row] = await db
        .select({ payment: payments })
        .from(payments)
        .leftJoin(plans, eq(plans.id, payments.planId))
        .where(
          and(
            eq(payments.organizationId, organizationId),
            or(isNull(plans.requestedBy), eq(plans.requestedBy, userId)),
          ),
        )
        .orderBy(desc(payments.createdAt))
        .limit(1);
      return row?.payment ?? null;
    },

    /** How many auto-pay purchases of the plan went through: the next crossing's number. */
    async autoPaysSucceeded(planId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(autoPayClaims)
        .where(and(eq(autoPayClaims.planId, planId), eq(autoPayClaims.status, 'succeeded')));
      return row?.n ?? 0;
    },

    /**
     * Inserts the claim for this plan's crossing; null when it exists already (another credit
     * cut saw the same low balance first), so only one caller charges.
     */
    async claimAutoPay(planId: string, crossing: number) {
      const [row] = await db
        .insert(autoPayClaims)
        .values({ planId, crossing })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /** Lets the crossing be claimed again (the charge never reached a decision). */
    async releaseAutoPay(claimId: string) {
      await db.delete(autoPayClaims).where(eq(autoPayClaims.id, claimId));
    },

    async finishAutoPay(
      claimId: string,
      status: 'succeeded' | 'failed',
      paymentIntentId: string | null,
    ) {
      await db
        .update(autoPayClaims)
        .set({ status, paymentIntentId, updatedAt: new Date() })
        .where(eq(autoPayClaims.id, claimId));
    },
  };
}
export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
