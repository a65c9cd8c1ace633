import { useQuery } from '@tanstack/react-query';
import { trackerRoutes, type TrackerCountFilters, type TrackerInput } from '@parley/contracts';
import { api } from '../../lib/api';
import { useChange } from '../../lib/use-change';

export const trackerKeys = {
  all: ['trackers'] as const,
  list: ['trackers', 'list'] as const,
  meeting: (meetingId: string) => ['trackers', 'meeting', meetingId] as const,
  weekly: (f: TrackerCountFilters) => ['trackers', 'weekly', f] as const,
};

export function useTrackers() {
  return useQuery({
    queryKey: trackerKeys.list,
    queryFn: ({ signal }) => api(trackerRoutes.list, { signal, toast: false }),
  });
}

/**
 * Create, change and delete. Each reloads everything about trackers: a change is counted again
 * in the background, so the counts on screen are refreshed too (and again on the next visit).
 */
export function useTrackerChanges() {
  const refresh = trackerKeys.all;
  const create = useChange(
    (body: TrackerInput) => api(trackerRoutes.create, { body, toast: false }),
    { refresh },
  );
  const update = useChange(
    ({ id, body }: { id: string; body: TrackerInput }) =>
      api(trackerRoutes.update, { params: { id }, body, toast: false }),
    { refresh },
  );
  const remove = useChange((id: string) => api(trackerRoutes.remove, { params: { id } }), {
    refresh,
    refreshOnFailure: true,
  });
  return { create, update, remove };
}

/**
 * A meeting's tracker mentions. `version` is anything that changes when the transcript or its
 * speakers' names do (a correction, naming the speakers), which counts the meeting again.
 */
export function useMeetingTrackerHits(meetingId: string | undefined, version = '') {
  return useQuery({
    queryKey: [...trackerKeys.meeting(meetingId ?? ''), version],
    queryFn: ({ signal }) =>
      api(trackerRoutes.meetingHits, {
        params: { meetingId: meetingId ?? '' },
        signal,
        toast: false,
      }),
    enabled: Boolean(meetingId),
  });
}

export function useWeeklyTrackerCounts(filters: TrackerCountFilters = {}) {
  return useQuery({
    queryKey: trackerKeys.weekly(filters),
    queryFn: ({ signal }) =>
      api(trackerRoutes.weeklyCounts, { query: filters, signal, toast: false }),
  });
}
