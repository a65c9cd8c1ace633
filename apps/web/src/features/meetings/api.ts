import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import {
  meetingRoutes,
  sharingRoutes,
  type Meeting,
  type MeetingListQuery,
} from '@parley/contracts';
import { api } from '../../lib/api';
import { usePageQuery } from '../../lib/use-page-query';
import type { MeetingStatusEvent } from '../../lib/realtime';

export const meetingKeys = {
  all: ['meetings'] as const,
  lists: () => ['meetings', 'list'] as const,
  list: (query: MeetingListQuery, path: string = meetingRoutes.list.path) =>
    ['meetings', 'list', path, query] as const,
  detail: (id: string) => ['meetings', 'detail', id] as const,
};

/** The routes that answer a meeting list: GET meeting/user and the library's other categories. */
export type MeetingListRoute =
  | typeof meetingRoutes.list
  | typeof meetingRoutes.past
  | typeof meetingRoutes.schedule
  | typeof meetingRoutes.reports
  | typeof meetingRoutes.callIntelligence
  | typeof sharingRoutes.sharedWithMe;

/** Server-side search, filter, sort and paging; the previous page stays while the next loads. */
export const useMeetingList = (
  query: MeetingListQuery,
  route: MeetingListRoute = meetingRoutes.list,
) => usePageQuery(meetingKeys.list(query, route.path), (signal) => api(route, { query, signal }));

export function useMeeting(id: string) {
  return useQuery({
    queryKey: meetingKeys.detail(id),
    queryFn: ({ signal }) =>
      api(meetingRoutes.get, { params: { meetingId: id }, signal, toast: false }),
  });
}

/** Apply a realtime status event to every cached copy of the meeting. */
export function applyStatusEvent(client: QueryClient, event: MeetingStatusEvent): void {
  const patch = (m: Meeting): Meeting =>
    m.id === event.meetingId
      ? { ...m, inferenceStatus: event.inferenceStatus, statusReason: event.statusReason }
      : m;
  client.setQueryData<Meeting>(meetingKeys.detail(event.meetingId), (m) => (m ? patch(m) : m));
  client.setQueriesData<{ data: Meeting[]; count: number }>(
    { queryKey: meetingKeys.lists() },
    (page) => (page ? { ...page, data: page.data.map(patch) } : page),
  );
}

export function useDeleteMeeting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(meetingRoutes.remove, { params: { meetingId: id } }),
    onSuccess: (_res, id) => {
      client.removeQueries({ queryKey: meetingKeys.detail(id) });
      void client.invalidateQueries({ queryKey: meetingKeys.lists() });
    },
  });
}
