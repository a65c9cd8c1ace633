import { useQuery } from '@tanstack/react-query';
import {
  COMPARE_MAX,
  COMPARE_MIN,
  scorecardRoutes as r,
  type SaveScorecardBody,
} from '@parley/contracts';
import { api } from '../../lib/api';
import { useChange } from '../../lib/use-change';

export const scorecardKeys = {
  all: ['scorecards'] as const,
  meeting: (meetingId: string) => ['scorecards', 'meeting', meetingId] as const,
  compare: (ids: readonly string[]) => ['scorecards', 'compare', ...ids] as const,
};

/** The compare page of these interviews: `/interviews/compare?ids=a,b,c` (the HR list links here). */
export function compareUrl(meetingIds: readonly string[]): string {
  return `/interviews/compare?ids=${meetingIds.map(encodeURIComponent).join(',')}`;
}

/** Whether a selection can be compared (two to four interviews). */
export const canCompare = (count: number) => count >= COMPARE_MIN && count <= COMPARE_MAX;

/** The ids of ?ids=a,b,c, distinct and in order. */
export function compareIdsOf(param: string | null): string[] {
  return [
    ...new Set(
      (param ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** The interview's kit, Zai's draft (drafted on first ask), the caller's own and the submitted. */
export function useScorecard(meetingId: string) {
  return useQuery({
    queryKey: scorecardKeys.meeting(meetingId),
    queryFn: ({ signal }) => api(r.get, { params: { meetingId }, signal, toast: false }),
    enabled: meetingId.length > 0,
  });
}

export function useSaveScorecard(meetingId: string) {
  return useChange((body: SaveScorecardBody) => api(r.save, { params: { meetingId }, body }), {
    refresh: scorecardKeys.meeting(meetingId),
  });
}

/** Saves the form as it is, then submits it. */
export function useSubmitScorecard(meetingId: string) {
  return useChange(
    async (body: SaveScorecardBody) => {
      await api(r.save, { params: { meetingId }, body });
      return api(r.submit, { params: { meetingId } });
    },
    { refresh: scorecardKeys.all, refreshOnFailure: true },
  );
}

export function useRedraft(meetingId: string) {
  return useChange(() => api(r.draft, { params: { meetingId } }), {
    refresh: scorecardKeys.meeting(meetingId),
  });
}

export function useCompare(ids: readonly string[]) {
  return useQuery({
    queryKey: scorecardKeys.compare(ids),
    queryFn: ({ signal }) =>
      api(r.compare, { query: { meetingIds: ids.join(',') }, signal, toast: false }),
    enabled: canCompare(ids.length),
    retry: false,
  });
}
