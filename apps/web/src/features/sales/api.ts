import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SALES_MESSAGES,
  salesRoutes,
  type MeetingStage,
  type SalesMeeting,
} from '@parley/contracts';
import { isFeatureAvailable } from '@parley/contracts';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth-store';
import { useChange } from '../../lib/use-change';
import { usePageQuery } from '../../lib/use-page-query';
import { toast } from '../../lib/toast';
import { meetingKeys } from '../meetings';
import type { DealInput } from './model';

export const SALES_FEATURE = 'Sales Intelligence' as const;

/** Whether the organisation's plan has Sales Intelligence (accounts, deals, linking calls). */
export function useSalesFeature(): boolean {
  const { user } = useAuth();
  return Boolean(user && isFeatureAvailable(user, SALES_FEATURE));
}

/** The view's filters (spec 2 §2): name, opportunity, account; '' is "any". */
export type SalesFilters = Record<'nameId' | 'opportunity' | 'account', string>;
export const NO_FILTERS: SalesFilters = { nameId: '', opportunity: '', account: '' };

export const salesKeys = {
  all: ['sales'] as const,
  filters: ['sales', 'filters'] as const,
  repCalls: (q: object) => ['sales', 'rep-calls', q] as const,
  performance: (q: object) => ['sales', 'performance', q] as const,
  amount: (q: object) => ['sales', 'amount', q] as const,
  deals: (q: object) => ['sales', 'deals', q] as const,
  deal: (id: string) => ['sales', 'deal', id] as const,
  contacts: (id: string) => ['sales', 'contacts', id] as const,
  dealCalls: (q: object) => ['sales', 'deal-calls', q] as const,
  accounts: (q: object) => ['sales', 'accounts', q] as const,
  figure: (q: object) => ['sales', 'figure', q] as const,
};

/**
 * A read of the team views: on failure, spec 2 §8's 'Get Teams Failed' / 'Failed to get teams'
 * (the section shows its own retry too).
 */
async function teamRead<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError'))
      toast({
        title: SALES_MESSAGES.getTeamsFailed,
        description: SALES_MESSAGES.failedToGetTeams,
        variant: 'error',
      });
    throw error;
  }
}

const given = <T extends Record<string, string | undefined>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v)) as Partial<T>;

/** The people, deals and accounts the view filters by (GET meeting/getAllUsers). */
export function useSalesFilters(enabled: boolean) {
  return useQuery({
    queryKey: salesKeys.filters,
    queryFn: ({ signal }) => teamRead(api(salesRoutes.filters, { signal, toast: false })),
    enabled,
    staleTime: 60_000,
  });
}

/** How many of a rep's latest calls their card reads for its scores and trend. */
export const REP_CALLS = 100;

/**
 * A rep's latest sales calls (newest first) under the view's stage, opportunity and account:
 * the card's count, scores by stage and trend.
 */
export function useRepCalls(repId: string, stage: MeetingStage | 'all', f: SalesFilters) {
  const query = {
    nameId: repId,
    size: REP_CALLS,
    order: 'startTime:desc',
    ...(stage === 'all' ? {} : { stage }),
    ...given({ deal: f.opportunity, account: f.account }),
  };
  return useQuery({
    queryKey: salesKeys.repCalls(query),
    queryFn: ({ signal }) =>
      teamRead(api(salesRoutes.managerSales, { query, signal, toast: false })),
  });
}

/** One stage's performance (never all stages at once: that answer is the whole team's calls). */
export function useStagePerformance(stage: MeetingStage | null, f: SalesFilters) {
  const query = { stage: stage ?? ('all' as const), ...given(f) };
  return useQuery({
    queryKey: salesKeys.performance(query),
    queryFn: ({ signal }) =>
      teamRead(api(salesRoutes.performance, { query, signal, toast: false })),
    enabled: stage !== null,
  });
}

/** The team's deal totals per stage and currency, for the chart. */
export function useDealsAmount(stage: MeetingStage | 'all', f: SalesFilters, enabled: boolean) {
  const query = { stage, ...given({ nameId: f.nameId, account: f.account }) };
  return useQuery({
    queryKey: salesKeys.amount(query),
    queryFn: ({ signal }) =>
      teamRead(api(salesRoutes.dealsAmount, { query, signal, toast: false })),
    enabled,
  });
}

export interface DealListParams {
  page: number;
  size: number;
  search?: string;
  order?: string;
  stage?: MeetingStage;
  accountId?: string;
  ownerId?: string;
}

export const useDeals = (query: DealListParams) =>
  usePageQuery(salesKeys.deals(query), (signal) =>
    api(salesRoutes.listDeals, { query, signal, toast: false }),
  );

export function useDeal(id: string | undefined) {
  return useQuery({
    queryKey: salesKeys.deal(id ?? ''),
    queryFn: ({ signal }) =>
      api(salesRoutes.getDeal, { params: { id: id ?? '' }, signal, toast: false }),
    enabled: Boolean(id),
  });
}

export function useDealContacts(dealId: string) {
  return useQuery({
    queryKey: salesKeys.contacts(dealId),
    queryFn: ({ signal }) =>
      api(salesRoutes.listContacts, { params: { id: dealId }, signal, toast: false }),
  });
}

/**
 * A deal's calls in time order, a page at a time: the team's for whoever has the team view,
 * else the caller's own (a rep sees their calls of the deal).
 */
export function useDealCalls(dealId: string, team: boolean, page: number, size = 10) {
  const query = { deal: dealId, order: 'startTime:asc', page, size };
  const route = team ? salesRoutes.managerSales : salesRoutes.userSales;
  return usePageQuery(salesKeys.dealCalls({ ...query, team }), (signal) =>
    api(route, { query, signal, toast: false }),
  );
}

/** The organisation's accounts (a page of 100, searched), for the deal form and the table. */
export function useAccounts(search = '', page = 0, size = 100) {
  const query = { page, size, ...(search ? { search } : {}) };
  return usePageQuery(salesKeys.accounts(query), (signal) =>
    api(salesRoutes.listAccounts, { query, signal, toast: false }),
  );
}

/** Deals matching a search, for the deal pickers (meeting page, upload). */
export function useDealSearch(search: string, enabled: boolean) {
  const query = { page: 0, size: 20, order: 'name:asc', ...(search ? { search } : {}) };
  return useQuery({
    queryKey: salesKeys.deals({ picker: true, ...query }),
    queryFn: ({ signal }) => api(salesRoutes.listDeals, { query, signal, toast: false }),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** Pages of a sales list the figure's calls are looked up in. */
const FIGURE_PAGES = 10;

/** What a figure's calls are looked up in: the rep (if one), the stage and the view's filters. */
export interface FigureScope {
  nameId?: string | undefined;
  stage: MeetingStage;
  deal?: string | undefined;
  account?: string | undefined;
}

/**
 * The calls behind a performance figure, newest first: those of `ids` read from the scope's
 * sales calls, or, when the server gave no ids (it does for one rep and one stage only), the
 * scope's calls themselves.
 */
export function useFigureCalls(
  ids: readonly string[] | undefined,
  scope: FigureScope,
  enabled: boolean,
) {
  const key = { ids: ids ? [...ids].sort() : 'all', ...scope };
  return useQuery({
    queryKey: salesKeys.figure(key),
    enabled: enabled && (ids === undefined || ids.length > 0),
    queryFn: async ({ signal }) => {
      const wanted = ids ? new Set(ids) : null;
      const found: SalesMeeting[] = [];
      for (let page = 0; page < FIGURE_PAGES; page += 1) {
        if (wanted && found.length >= wanted.size) break;
        const query = {
          stage: scope.stage,
          ...given({ nameId: scope.nameId, deal: scope.deal, account: scope.account }),
          size: 100,
          page,
          order: 'startTime:desc',
        };
        const res = await api(salesRoutes.managerSales, { query, signal, toast: false });
        found.push(...(wanted ? res.data.filter((c) => wanted.has(c.id)) : res.data));
        if (!wanted) break;
        if ((page + 1) * 100 >= res.count) break;
      }
      return found;
    },
  });
}

const refresh = salesKeys.all;

/** Create, change and delete deals, accounts and contacts (sales.manage). */
export function useSalesChanges() {
  return {
    createDeal: useChange(
      (body: DealInput) => api(salesRoutes.createDeal, { body, toast: false }),
      { refresh },
    ),
    updateDeal: useChange(
      ({ id, body }: { id: string; body: DealInput }) =>
        api(salesRoutes.updateDeal, { params: { id }, body, toast: false }),
      { refresh },
    ),
    deleteDeal: useChange((id: string) => api(salesRoutes.deleteDeal, { params: { id } }), {
      refresh,
      refreshOnFailure: true,
    }),
    createAccount: useChange(
      (body: { name: string; domain: string | null }) =>
        api(salesRoutes.createAccount, { body, toast: false }),
      { refresh },
    ),
    updateAccount: useChange(
      ({ id, body }: { id: string; body: { name: string; domain: string | null } }) =>
        api(salesRoutes.updateAccount, { params: { id }, body, toast: false }),
      { refresh },
    ),
    deleteAccount: useChange((id: string) => api(salesRoutes.deleteAccount, { params: { id } }), {
      refresh,
      refreshOnFailure: true,
    }),
    createContact: useChange(
      ({ dealId, body }: { dealId: string; body: ContactBody }) =>
        api(salesRoutes.createContact, { params: { id: dealId }, body, toast: false }),
      { refresh },
    ),
    updateContact: useChange(
      ({ id, body }: { id: string; body: ContactBody }) =>
        api(salesRoutes.updateContact, { params: { id }, body, toast: false }),
      { refresh },
    ),
    deleteContact: useChange((id: string) => api(salesRoutes.deleteContact, { params: { id } }), {
      refresh,
      refreshOnFailure: true,
    }),
  };
}
type ContactBody = { name: string; email: string; role: string | null };

/** Link a meeting to a deal or unlink it; the meeting and the sales views reload. */
export function useLinkDeal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ meetingId, dealId }: { meetingId: string; dealId: string | null }) =>
      linkDeal(meetingId, dealId),
    onSuccess: (meeting) => {
      client.setQueryData(meetingKeys.detail(meeting.id), meeting);
      return Promise.all([
        client.invalidateQueries({ queryKey: salesKeys.all }),
        client.invalidateQueries({ queryKey: meetingKeys.lists() }),
      ]);
    },
  });
}

/** PUT meeting/:meetingId/deal (errors are toasted by the API client). */
export const linkDeal = (meetingId: string, dealId: string | null) =>
  api(salesRoutes.linkDeal, { params: { meetingId }, body: { dealId } });
