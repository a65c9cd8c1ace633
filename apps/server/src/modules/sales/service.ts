import type { z } from 'zod';
import {
  HOME_DEALS_AT_RISK,
  MEETING_STAGES,
  SALES_MESSAGES as M,
  type Deal,
  type DealContact,
  type dealBody,
  type dealContactBody,
  type dealContactPatch,
  type dealPatch,
  type dealsAmountQuery,
  type HomeSummary,
  type Meeting,
  type MeetingStage,
  type SalesAccount,
  type salesAccountBody,
  type salesAccountPatch,
  type salesListQuery,
  type SalesMeeting,
  type salesPerformanceQuery,
} from '@parley/contracts';
import { badRequest, notFound } from '../../platform/errors.js';
import { conflictOnDuplicate } from '../../platform/db/values.js';
import type { Caller } from '../../platform/http/caller.js';
import type { MediaLinks } from '../../platform/media/links.js';
import type { JobQueue } from '../../platform/queue/index.js';
import { listConditions, listOrder, toMeeting, type MeetingsService } from '../meetings/index.js';
import type { AccountRow, ContactRow, DealListQuery, DealRow, SalesRepo } from './repo.js';
import { backfillCallSignals, salesPerformance } from './performance.js';
import { dealWarningsDailyJob, dealWarningsJob } from './jobs.js';
import { dealNextStep, dealWarnings, WARNINGS_VERSION } from './warnings.js';

export interface SalesDeps {
  repo: SalesRepo;
  meetings: MeetingsService;
  links: MediaLinks;
  queue: JobQueue;
  now: () => Date;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** How often the worker asks for the daily warnings pass. */
  warningsCheckSeconds: number;
}

/** Deals the daily pass reads and computes at a time. */
export const WARNINGS_BATCH = 100;
const DAY_MS = 24 * 3600 * 1000;

type SalesListQuery = z.output<typeof salesListQuery>;

const toAccount = (a: AccountRow, dealsCount: number): SalesAccount => ({
  id: a.id,
  name: a.name,
  domain: a.domain,
  source: a.source,
  externalId: a.externalId,
  dealsCount,
  createdAt: a.createdAt.toISOString(),
  updatedAt: a.updatedAt.toISOString(),
});

const toDeal = (r: {
  deal: DealRow;
  accountName: string | null;
  ownerName: string | null;
  meetingsCount: number;
  lastMeetingAt: string | null;
}): Deal => ({
  id: r.deal.id,
  name: r.deal.name,
  accountId: r.deal.accountId,
  accountName: r.accountName,
  stage: r.deal.stage,
  amount: Number(r.deal.amount),
  currency: r.deal.currency,
  closeDate: r.deal.closeDate,
  ownerId: r.deal.ownerId,
  ownerName: r.ownerName,
  source: r.deal.source,
  externalId: r.deal.externalId,
  meetingsCount: r.meetingsCount,
  warnings: r.deal.warnings,
  warningsUnchecked: r.deal.warningsUnchecked,
  warningsAt: r.deal.warningsAt?.toISOString() ?? null,
  nextStep: r.deal.nextStep,
  lastMeetingAt: r.lastMeetingAt,
  createdAt: r.deal.createdAt.toISOString(),
  updatedAt: r.deal.updatedAt.toISOString(),
});

const toContact = (c: ContactRow): DealContact => ({
  id: c.id,
  dealId: c.dealId,
  name: c.name,
  email: c.email,
  role: c.role,
  source: c.source,
  externalId: c.externalId,
  createdAt: c.createdAt.toISOString(),
});

/**
 * The caller as their own user-level list sees them: their own calls and those shared with
 * them, not the organisation's nor their team's (those are the manager list's).
 */
const personally = (caller: Caller): Caller => ({
  ...caller,
  permissions: caller.permissions.filter(
    (p) => p !== 'meetings.organization' && p !== 'sales.team',
  ),
});

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * The deal whose contacts include the most of these participants' addresses (the most
 * recently changed on a tie), or null. For linking a call to a deal by who attended it; the
 * CRM sync will use it once it has upserted the contacts.
 */
export async function matchDeal(
  repo: Pick<SalesRepo, 'dealsByContactEmails'>,
  organizationId: string,
  emails: readonly string[],
): Promise<string | null> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const [best] = await repo.dealsByContactEmails(organizationId, wanted);
  return best?.dealId ?? null;
}

export function createSalesService(deps: SalesDeps) {
  const { repo, now } = deps;

  async function account(caller: Caller, id: string) {
    const row = await repo.account(caller.organizationId, id);
    if (!row) throw notFound(M.accountNotFound);
    return row;
  }
  async function deal(caller: Caller, id: string) {
    const row = await repo.deal(caller.organizationId, id);
    if (!row) throw notFound(M.dealNotFound);
    return row;
  }
  async function contact(caller: Caller, id: string) {
    const row = await repo.contact(caller.organizationId, id);
    if (!row) throw notFound(M.contactNotFound);
    return row;
  }
  /**
   * Queues the deal's warnings to be computed again. Quietly: the change that asks for it is
   * done, and the daily pass catches up with a deal whose job could not be queued.
   */
  async function warnLater(dealId: string): Promise<void> {
    try {
      await deps.queue.send(dealWarningsJob, { dealId });
    } catch (err) {
      deps.log.warn({ err, dealId }, 'deal warnings not queued');
    }
  }

  /** Computes the deal's warnings from what is stored now and keeps them on it. */
  async function computeWarnings(dealId: string): Promise<void> {
    const found = await repo.dealFacts(dealId);
    // Deleted meanwhile: nothing to warn about.
    if (!found) return;
    const at = now();
    const { warnings, unchecked } = dealWarnings(found.facts, at);
    const nextStep = dealNextStep(found.facts, at);
    await repo.saveWarnings(
      dealId,
      { warnings, unchecked, nextStep, version: WARNINGS_VERSION },
      at,
    );
  }

  /**
   * Reads a call's signals for the performance view again. Quietly: the change that asks for
   * it is done, and a failure leaves the call's previous figures.
   */
  async function refreshSignals(meetingId: string): Promise<void> {
    try {
      await repo.refreshCallSignals([meetingId], now());
    } catch (err) {
      deps.log.warn({ err, meetingId }, 'sales call signals not read');
    }
  }

  /** Calls analysed before their signals were kept get them. */
  async function backfillSignals(): Promise<number> {
    const done = await backfillCallSignals(repo, now);
    if (done > 0) deps.log.info({ calls: done }, 'sales call signals read');
    return done;
  }

  /**
   * The daily pass: every deal computed more than a day ago, never, or by older rules, a
   * batch at a time.
   */
  async function dailyPass(): Promise<number> {
    const before = new Date(now().getTime() - DAY_MS);
    let after: string | null = null;
    let computed = 0;
    for (;;) {
      const ids = await repo.staleDealIds(before, WARNINGS_VERSION, after, WARNINGS_BATCH);
      if (ids.length === 0) break;
      for (const id of ids) {
        await computeWarnings(id);
        computed += 1;
      }
      after = ids[ids.length - 1] ?? null;
    }
    if (computed > 0) deps.log.info({ deals: computed }, 'deal warnings computed');
    return computed;
  }

  /** An account or owner named in a deal's body must be the organisation's. */
  async function checkRefs(
    caller: Caller,
    body: { accountId?: string | null | undefined; ownerId?: string | null | undefined },
  ) {
    if (body.accountId) await account(caller, body.accountId);
    if (body.ownerId && !(await repo.isActiveMember(caller.organizationId, body.ownerId))) {
      throw badRequest(M.ownerInvalid);
    }
  }

  async function salesList(
    caller: Caller,
    listCaller: Caller,
    q: SalesListQuery,
  ): Promise<{ data: SalesMeeting[]; count: number }> {
    const base = listConditions(listCaller, 'all', q, now());
    if (!base) throw new Error('a meeting list always has conditions');
    const { rows, count } = await repo.salesPage(base, q, listOrder(q.order), q.page, q.size);
    return {
      count,
      data: rows.map((r) => ({
        ...toMeeting(r.meeting, deps.links, { userId: caller.userId }),
        ownerName: r.ownerName,
        score: r.score === null ? null : Number(r.score),
        deal: r.deal ? { ...r.deal, amount: Number(r.deal.amount) } : null,
      })),
    };
  }

  return {
    // ---------- accounts ----------
    async listAccounts(caller: Caller, q: { page: number; size: number; search?: string }) {
      const { rows, count } = await repo.accountsPage(
        caller.organizationId,
        q.search,
        q.page,
        q.size,
      );
      return { data: rows.map((r) => toAccount(r.account, r.dealsCount)), count };
    },
    async createAccount(caller: Caller, body: z.output<typeof salesAccountBody>) {
      const row = await repo.insertAccount({
        organizationId: caller.organizationId,
        name: body.name,
        domain: body.domain ?? null,
        createdBy: caller.userId,
      });
      return toAccount(row, 0);
    },
    async updateAccount(caller: Caller, id: string, body: z.output<typeof salesAccountPatch>) {
      const row = await account(caller, id);
      await repo.updateAccount(row.account.id, { ...body, updatedAt: now() });
      const updated = await account(caller, id);
      return toAccount(updated.account, updated.dealsCount);
    },
    async deleteAccount(caller: Caller, id: string) {
      const row = await account(caller, id);
      await repo.deleteAccount(row.account.id);
      return { message: M.deleted };
    },

    // ---------- deals ----------
    async listDeals(caller: Caller, q: DealListQuery) {
      const { rows, count } = await repo.dealsPage(caller.organizationId, q);
      return { data: rows.map(toDeal), count };
    },
    async getDeal(caller: Caller, id: string) {
      return toDeal(await deal(caller, id));
    },
    async createDeal(caller: Caller, body: z.output<typeof dealBody>) {
      await checkRefs(caller, body);
      const row = await repo.insertDeal(
        {
          organizationId: caller.organizationId,
          name: body.name,
          accountId: body.accountId ?? null,
          stage: body.stage,
          amount: body.amount,
          currency: body.currency,
          closeDate: body.closeDate ?? null,
          ownerId: body.ownerId === undefined ? caller.userId : body.ownerId,
        },
        now(),
      );
      return toDeal(await deal(caller, row.id));
    },
    async updateDeal(caller: Caller, id: string, body: z.output<typeof dealPatch>) {
      const row = await deal(caller, id);
      await checkRefs(caller, body);
      const at = now();
      // A new stage starts its time in it again: "stuck in a stage" changes.
      if (await repo.updateDeal(row.deal.id, { ...body, updatedAt: at }, at)) {
        await warnLater(row.deal.id);
      }
      return toDeal(await deal(caller, id));
    },
    async deleteDeal(caller: Caller, id: string) {
      const row = await deal(caller, id);
      await repo.deleteDeal(row.deal.id);
      return { message: M.deleted };
    },

    // ---------- contacts ----------
    async listContacts(caller: Caller, dealId: string) {
      const row = await deal(caller, dealId);
      return { data: (await repo.contactsOf(row.deal.id)).map(toContact) };
    },
    async createContact(caller: Caller, dealId: string, body: z.output<typeof dealContactBody>) {
      const row = await deal(caller, dealId);
      const created = await conflictOnDuplicate(M.contactExists, () =>
        repo.insertContact({
          organizationId: caller.organizationId,
          dealId: row.deal.id,
          name: body.name,
          email: body.email,
          role: body.role ?? null,
        }),
      );
      // Who is a contact decides who engaged and whose side a speaker is on.
      await warnLater(row.deal.id);
      return toContact(created);
    },
    async updateContact(caller: Caller, id: string, body: z.output<typeof dealContactPatch>) {
      const row = await contact(caller, id);
      const updated = await conflictOnDuplicate(M.contactExists, () =>
        repo.updateContact(row.id, { ...body, updatedAt: now() }),
      );
      if (!updated) throw notFound(M.contactNotFound);
      await warnLater(updated.dealId);
      return toContact(updated);
    },
    async deleteContact(caller: Caller, id: string) {
      const row = await contact(caller, id);
      await repo.deleteContact(row.id);
      await warnLater(row.dealId);
      return { message: M.deleted };
    },

    matchDeal: (organizationId: string, emails: readonly string[]) =>
      matchDeal(repo, organizationId, emails),

    // ---------- warnings (issue 16 item 5) ----------
    computeWarnings,
    dailyPass,
    /**
     * After a meeting's analysis finished: its signals are read again and its deal's warnings
     * computed again.
     */
    async meetingAnalysed(meetingId: string): Promise<void> {
      await refreshSignals(meetingId);
      try {
        const dealId = await repo.dealOfMeeting(meetingId);
        if (dealId) await warnLater(dealId);
      } catch (err) {
        deps.log.warn({ err, meetingId }, 'deal warnings not queued');
      }
    },
    /** After a call's transcript was corrected or its speakers named: its signals change. */
    callChanged: refreshSignals,
    backfillSignals,
    /** The home dashboard's deals at risk: the caller's team's deals with warnings. */
    async dealsAtRisk(caller: Caller): Promise<NonNullable<HomeSummary['dealsAtRisk']>> {
      const { rows, count } = await repo.dealsAtRisk(caller, HOME_DEALS_AT_RISK);
      return {
        count,
        deals: rows.map((r) => ({
          id: r.deal.id,
          name: r.deal.name,
          accountName: r.accountName,
          ownerName: r.ownerName,
          warnings: r.deal.warnings,
        })),
      };
    },
    /** Runs the warnings jobs, and asks for the daily pass now and every hour (by default). */
    async registerWorker(): Promise<() => void> {
      await deps.queue.work(dealWarningsJob, ({ dealId }) => computeWarnings(dealId));
      await deps.queue.work(dealWarningsJob.deadLetter, async (job, run) => {
        deps.log.warn({ ...job, reason: run.reason }, 'deal warnings gave up');
      });
      await deps.queue.work(dealWarningsDailyJob, async () => void (await dailyPass()));
      await deps.queue.work(dealWarningsDailyJob.deadLetter, async (job, run) => {
        deps.log.warn({ ...job, reason: run.reason }, 'daily deal warnings gave up');
      });
      // Hourly by default, so a deal is computed about a day after its last time whenever the
      // process started; a pass finding nothing stale costs one query.
      const ask = () => {
        const day = now().toISOString().slice(0, 10);
        deps.queue
          .send(dealWarningsDailyJob, { day })
          .catch((err: unknown) => deps.log.warn({ err }, 'daily deal warnings not queued'));
      };
      ask();
      // In the background: the process serves meanwhile, and the figures fill in.
      backfillSignals().catch((err: unknown) =>
        deps.log.warn({ err }, 'sales call signals backfill failed'),
      );
      const timer = setInterval(ask, deps.warningsCheckSeconds * 1000);
      timer.unref();
      return () => clearInterval(timer);
    },

    /** Links a meeting the caller manages to one of the organisation's deals, or unlinks it. */
    async linkMeeting(caller: Caller, meetingId: string, dealId: string | null): Promise<Meeting> {
      // The meeting first: someone who cannot see it learns nothing about the deal id.
      const before = await deps.meetings.get(caller, meetingId);
      if (dealId) await deal(caller, dealId);
      const linked = await deps.meetings.setDeal(caller, meetingId, dealId);
      // Both deals' calls changed: the one it left and the one it joined.
      if (before.dealId && before.dealId !== dealId) await warnLater(before.dealId);
      if (dealId) await warnLater(dealId);
      return linked;
    },

    // ---------- the /accounts view (spec 2 §2, §7) ----------
    userSales: (caller: Caller, q: SalesListQuery) => salesList(caller, personally(caller), q),
    managerSales: (caller: Caller, q: SalesListQuery) => salesList(caller, caller, q),

    async filters(caller: Caller) {
      const [names, deals, accounts] = await Promise.all([
        repo.teamPeople(caller),
        repo.teamDeals(caller),
        repo.accountNames(caller.organizationId),
      ]);
      return { names, deals, accounts };
    },

    async dealsAmount(caller: Caller, q: z.output<typeof dealsAmountQuery>) {
      const rows = await repo.dealsAmount(caller, q);
      const order = (s: MeetingStage) => MEETING_STAGES.indexOf(s);
      return {
        data: rows
          .map((r) => ({ ...r, totalAmount: round2(Number(r.totalAmount)) }))
          .sort((a, b) => order(a.stage) - order(b.stage) || a.currency.localeCompare(b.currency)),
      };
    },

    performance: (caller: Caller, q: z.output<typeof salesPerformanceQuery>) =>
      salesPerformance(repo, caller, q),
  };
}
export type SalesService = ReturnType<typeof createSalesService>;
