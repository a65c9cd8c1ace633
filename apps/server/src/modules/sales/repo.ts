import { and, asc, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { type dealListQuery, type MeetingStage } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { containsPattern } from '../../platform/db/like.js';
import { withTotal } from '../../platform/db/paged.js';
import {
  dealContacts,
  dealStageChanges,
  deals,
  meetingInsights,
  meetings,
  salesAccounts,
  users,
} from '../../platform/db/schema.js';
import { isUuid } from '../../platform/db/values.js';
import type { Caller } from '../../platform/http/caller.js';
import { salesTeamWhere } from '../users/index.js';
import { createPerformanceRepo } from './performance-repo.js';
import { personName, teamOf } from './team.js';
import { createWarningsRepo } from './warnings-repo.js';

export type AccountRow = typeof salesAccounts.$inferSelect;
export type DealRow = typeof deals.$inferSelect;
export type ContactRow = typeof dealContacts.$inferSelect;
export type DealListQuery = z.output<typeof dealListQuery>;
export type { PerformanceFilters, RepTotals } from './performance-repo.js';
export { teamOf } from './team.js';

/** Rounded mean of the meeting's scored insights (0–100); null before any is scored. */
export const meetingScore = sql<number | null>`(
  select round(avg((${meetingInsights.result} ->> 'score')::numeric))::int
  from ${meetingInsights}
  where ${meetingInsights.meetingId} = ${meetings.id}
    and jsonb_typeof(${meetingInsights.result} -> 'score') = 'number'
)`;

// Qualified by hand: inside a one-table select drizzle writes columns unqualified.
const dealsOfAccount = sql<number>`(SELECT count(*)::int FROM "deals" WHERE "deals"."account_id" = "sales_accounts"."id")`;
const meetingsOfDeal = sql<number>`(SELECT count(*)::int FROM "meetings" WHERE "meetings"."deal_id" = "deals"."id")`;
// ISO text in SQL: a raw subquery's timestamp is not mapped by drizzle, and pg and PGlite differ.
const lastMeetingOfDeal = sql<
  string | null
>`(SELECT to_char(max("meetings"."start_time") AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') FROM "meetings" WHERE "meetings"."deal_id" = "deals"."id")`;

/** A deal carrying at least one warning. */
const atRisk = sql`jsonb_array_length(${deals.warnings}) > 0`;

const DEAL_SORTS = {
  createdAt: deals.createdAt,
  name: deals.name,
  amount: deals.amount,
  closeDate: deals.closeDate,
} as const;

export function createSalesRepo(db: Db) {
  const dealColumns = {
    deal: deals,
    accountName: salesAccounts.name,
    ownerName: sql<string | null>`case when ${users.id} is null then null else ${personName} end`,
    meetingsCount: meetingsOfDeal,
    lastMeetingAt: lastMeetingOfDeal,
  };
  const selectDeals = (condition: SQL | undefined) =>
    db
      .select(dealColumns)
      .from(deals)
      .leftJoin(salesAccounts, eq(salesAccounts.id, deals.accountId))
      .leftJoin(users, eq(users.id, deals.ownerId))
      .where(condition)
      .$dynamic();

  return {
    // ---------- accounts ----------
    async accountsPage(
      organizationId: string,
      search: string | undefined,
      page: number,
      size: number,
    ) {
      const pattern = containsPattern(search);
      const condition = and(
        eq(salesAccounts.organizationId, organizationId),
        pattern ? ilike(salesAccounts.name, pattern) : undefined,
      );
      return withTotal(
        db,
        salesAccounts,
        condition,
        db
          .select({ account: salesAccounts, dealsCount: dealsOfAccount })
          .from(salesAccounts)
          .where(condition)
          .orderBy(asc(salesAccounts.name), asc(salesAccounts.id))
          .offset(page * size)
          .limit(size),
      );
    },
    async account(organizationId: string, id: string) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select({ account: salesAccounts, dealsCount: dealsOfAccount })
        .from(salesAccounts)
        .where(and(eq(salesAccounts.id, id), eq(salesAccounts.organizationId, organizationId)));
      return row ?? null;
    },
    async insertAccount(values: typeof salesAccounts.$inferInsert) {
      const [row] = await db.insert(salesAccounts).values(values).returning();
      if (!row) throw new Error('account insert returned nothing');
      return row;
    },
    async updateAccount(id: string, values: Partial<typeof salesAccounts.$inferInsert>) {
      await db.update(salesAccounts).set(values).where(eq(salesAccounts.id, id));
    },
    async deleteAccount(id: string) {
      await db.delete(salesAccounts).where(eq(salesAccounts.id, id));
    },

    // ---------- deals ----------
    async dealsPage(organizationId: string, q: DealListQuery) {
      const pattern = containsPattern(q.search);
      const condition = and(
        eq(deals.organizationId, organizationId),
        pattern ? ilike(deals.name, pattern) : undefined,
        q.stage ? eq(deals.stage, q.stage) : undefined,
        q.accountId ? eq(deals.accountId, q.accountId) : undefined,
        q.ownerId ? eq(deals.ownerId, q.ownerId) : undefined,
        q.atRisk === undefined ? undefined : q.atRisk ? atRisk : sql`not ${atRisk}`,
      );
      const [field, dir] = q.order.split(':') as [keyof typeof DEAL_SORTS, 'asc' | 'desc'];
      const by = dir === 'asc' ? asc : desc;
      return withTotal(
        db,
        deals,
        condition,
        selectDeals(condition)
          .orderBy(sql`${by(DEAL_SORTS[field])} nulls last`, by(deals.id))
          .offset(q.page * q.size)
          .limit(q.size),
      );
    },
    async deal(organizationId: string, id: string) {
      if (!isUuid(id)) return null;
      const [row] = await selectDeals(
        and(eq(deals.id, id), eq(deals.organizationId, organizationId)),
      );
      return row ?? null;
    },
    /** The deal, and its first stage entered now (the stage history starts with it). */
    async insertDeal(values: typeof deals.$inferInsert, now: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(deals).values(values).returning();
        if (!row) throw new Error('deal insert returned nothing');
        await tx.insert(dealStageChanges).values({
          organizationId: row.organizationId,
          dealId: row.id,
          stage: row.stage,
          changedAt: now,
        });
        return row;
      });
    },
    /**
     * Changes the deal; a new stage is added to its history at `now`. The row is locked so two
     * changes at once record their stages in the order they were made. Answers whether the
     * stage changed.
     */
    async updateDeal(id: string, values: Partial<typeof deals.$inferInsert>, now: Date) {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ stage: deals.stage, organizationId: deals.organizationId })
          .from(deals)
          .where(eq(deals.id, id))
          .for('update');
        if (!before) return false;
        await tx.update(deals).set(values).where(eq(deals.id, id));
        if (!values.stage || values.stage === before.stage) return false;
        await tx.insert(dealStageChanges).values({
          organizationId: before.organizationId,
          dealId: id,
          stage: values.stage,
          changedAt: now,
        });
        return true;
      });
    },
    async deleteDeal(id: string) {
      await db.delete(deals).where(eq(deals.id, id));
    },
    /** Whether the user is an active member of the organisation (a deal's owner must be). */
    async isActiveMember(organizationId: string, userId: string) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            eq(users.organizationId, organizationId),
            eq(users.status, 'active'),
          ),
        );
      return Boolean(row);
    },

    // ---------- contacts ----------
    contactsOf: (dealId: string) =>
      db
        .select()
        .from(dealContacts)
        .where(eq(dealContacts.dealId, dealId))
        .orderBy(asc(dealContacts.name), asc(dealContacts.email)),
    async contact(organizationId: string, id: string) {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(dealContacts)
        .where(and(eq(dealContacts.id, id), eq(dealContacts.organizationId, organizationId)));
      return row ?? null;
    },
    async insertContact(values: typeof dealContacts.$inferInsert) {
      const [row] = await db.insert(dealContacts).values(values).returning();
      if (!row) throw new Error('contact insert returned nothing');
      return row;
    },
    async updateContact(id: string, values: Partial<typeof dealContacts.$inferInsert>) {
      const [row] = await db
        .update(dealContacts)
        .set(values)
        .where(eq(dealContacts.id, id))
        .returning();
      return row ?? null;
    },
    async deleteContact(id: string) {
      await db.delete(dealContacts).where(eq(dealContacts.id, id));
    },
    /**
     * Deals of the organisation with a contact among `emails`, the most matching contacts
     * first, then the most recently changed.
     */
    async dealsByContactEmails(organizationId: string, emails: string[]) {
      if (emails.length === 0) return [];
      return db
        .select({ dealId: dealContacts.dealId, matches: sql<number>`count(*)::int` })
        .from(dealContacts)
        .innerJoin(deals, eq(deals.id, dealContacts.dealId))
        .where(
          and(eq(dealContacts.organizationId, organizationId), inArray(dealContacts.email, emails)),
        )
        .groupBy(dealContacts.dealId, deals.updatedAt)
        .orderBy(sql`count(*) desc`, desc(deals.updatedAt), asc(dealContacts.dealId));
    },

    // ---------- the /accounts view ----------
    /** The people the caller's team view covers: sales roles, and anyone owning a deal. */
    async teamPeople(caller: Caller) {
      return db
        .select({
          id: users.id,
          name: personName,
          email: users.email,
          salesManagerId: users.salesManagerId,
        })
        .from(users)
        .where(
          salesTeamWhere(
            caller,
            sql`exists (select 1 from ${deals} where ${deals.ownerId} = ${users.id})`,
          ),
        )
        .orderBy(asc(personName), asc(users.id));
    },
    teamDeals: (caller: Caller) =>
      db
        .select({ id: deals.id, name: deals.name, accountId: deals.accountId })
        .from(deals)
        .where(and(eq(deals.organizationId, caller.organizationId), teamOf(caller, deals.ownerId)))
        .orderBy(asc(deals.name), asc(deals.id)),
    accountNames: (organizationId: string) =>
      db
        .select({ id: salesAccounts.id, name: salesAccounts.name })
        .from(salesAccounts)
        .where(eq(salesAccounts.organizationId, organizationId))
        .orderBy(asc(salesAccounts.name), asc(salesAccounts.id)),

    /**
     * A page of sales calls (a sales stage, not a training video) under `base` (the list's
     * conditions), with the owner's name, the deal and the score, and the total count.
     */
    async salesPage(
      base: SQL,
      q: {
        nameId?: string | undefined;
        minScore?: number | undefined;
        maxScore?: number | undefined;
        deal?: string | undefined;
        account?: string | undefined;
      },
      order: SQL[],
      page: number,
      size: number,
    ) {
      const condition = and(
        base,
        ne(meetings.stage, 'basic_meeting'),
        q.nameId ? eq(meetings.ownerId, q.nameId) : undefined,
        q.deal ? eq(meetings.dealId, q.deal) : undefined,
        q.account
          ? sql`${meetings.dealId} IN (SELECT ${deals.id} FROM ${deals} WHERE ${deals.accountId} = ${q.account})`
          : undefined,
        // numeric: the limits may have a fraction (79.5), which an integer parameter refuses.
        q.minScore !== undefined ? sql`${meetingScore} >= ${q.minScore}::numeric` : undefined,
        q.maxScore !== undefined ? sql`${meetingScore} <= ${q.maxScore}::numeric` : undefined,
      );
      return withTotal(
        db,
        meetings,
        condition,
        db
          .select({
            meeting: meetings,
            ownerName: personName,
            score: meetingScore,
            deal: {
              id: deals.id,
              name: deals.name,
              stage: deals.stage,
              amount: deals.amount,
              currency: deals.currency,
              accountId: deals.accountId,
              warnings: deals.warnings,
            },
          })
          .from(meetings)
          .innerJoin(users, eq(users.id, meetings.ownerId))
          .leftJoin(deals, eq(deals.id, meetings.dealId))
          .where(condition)
          .orderBy(...order)
          .offset(page * size)
          .limit(size),
      );
    },

    // The warning rules' reads and writes, and the performance view's.
    ...createWarningsRepo(db),
    ...createPerformanceRepo(db),

    /** The team's deals carrying warnings, newest first, and how many there are. */
    async dealsAtRisk(caller: Caller, limit: number) {
      const condition = and(
        eq(deals.organizationId, caller.organizationId),
        teamOf(caller, deals.ownerId),
        atRisk,
      );
      return withTotal(
        db,
        deals,
        condition,
        selectDeals(condition).orderBy(desc(deals.createdAt), asc(deals.id)).limit(limit),
      );
    },

    /** The team's deals' total amount per stage and currency. */
    dealsAmount(
      caller: Caller,
      f: { stage: MeetingStage | 'all'; nameId?: string | undefined; account?: string | undefined },
    ) {
      return db
        .select({
          stage: deals.stage,
          currency: deals.currency,
          totalAmount: sql<string>`sum(${deals.amount})`,
          count: sql<number>`count(*)::int`,
        })
        .from(deals)
        .where(
          and(
            eq(deals.organizationId, caller.organizationId),
            teamOf(caller, deals.ownerId),
            f.stage === 'all' ? undefined : eq(deals.stage, f.stage),
            f.nameId ? eq(deals.ownerId, f.nameId) : undefined,
            f.account ? eq(deals.accountId, f.account) : undefined,
          ),
        )
        .groupBy(deals.stage, deals.currency)
        .orderBy(asc(deals.stage), asc(deals.currency));
    },
  };
}
export type SalesRepo = ReturnType<typeof createSalesRepo>;
