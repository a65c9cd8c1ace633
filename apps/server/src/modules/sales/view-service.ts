import type { z } from 'zod';
import {
  HOME_DEALS_AT_RISK,
  MEETING_STAGES,
  type dealsAmountQuery,
  type HomeSummary,
  type MeetingStage,
  type salesListQuery,
  type SalesMeeting,
  type salesPerformanceQuery,
} from '@parley/contracts';
import type { Caller } from '../../platform/http/caller.js';
import { listConditions, listOrder, toMeeting } from '../meetings/index.js';
import { salesPerformance } from './performance.js';
import type { SalesDeps } from './service.js';

/**
 * The /accounts view's reads (spec 2 §2, §7): the sales call lists, the filters' values, the
 * deals' amounts and the performance by stage; and the manager home's deals at risk.
 */

type SalesListQuery = z.output<typeof salesListQuery>;

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

export function createViewService(deps: Pick<SalesDeps, 'repo' | 'links' | 'now'>) {
  const { repo, now } = deps;

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
  };
}
