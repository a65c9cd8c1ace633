import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  calendarRoutes,
  zoomRoutes,
  type AutoJoinRule,
  type CalendarProvider,
  type ZoomConfigBody,
} from '@parley/contracts';
import { api } from '../../lib/api';
import { meetingKeys } from '../meetings';

export const calendarKeys = {
  status: ['calendars'] as const,
  events: ['calendars', 'events'] as const,
  zoom: ['configuration', 'zoom'] as const,
};

/** The caller's calendar connections and auto-join rule. */
export function useCalendarStatus() {
  return useQuery({
    queryKey: calendarKeys.status,
    queryFn: ({ signal }) => api(calendarRoutes.status, { signal }),
  });
}

/** The caller's upcoming calendar meetings; the Scheduled tab's toggles read them. */
export function useCalendarEvents({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: calendarKeys.events,
    queryFn: ({ signal }) => api(calendarRoutes.events, { signal }),
    enabled,
  });
}

function useRefreshCalendars() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: calendarKeys.status }),
      client.invalidateQueries({ queryKey: calendarKeys.events }),
      client.invalidateQueries({ queryKey: meetingKeys.lists() }),
    ]);
}

/** Asks for the provider's consent page and goes there; the callback brings the user back. */
export function useConnectCalendar() {
  return useMutation({
    mutationFn: (provider: CalendarProvider) => api(calendarRoutes[provider].connect),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useSyncCalendar() {
  const refresh = useRefreshCalendars();
  return useMutation({
    mutationFn: (provider: CalendarProvider) => api(calendarRoutes[provider].syncNow),
    onSettled: refresh,
  });
}

export function useDisconnectCalendar() {
  const refresh = useRefreshCalendars();
  return useMutation({
    mutationFn: (provider: CalendarProvider) => api(calendarRoutes[provider].remove),
    onSettled: refresh,
  });
}

export function useSetAutoJoinRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rule: AutoJoinRule) => api(calendarRoutes.setRule, { body: { rule } }),
    onSuccess: (status) => client.setQueryData(calendarKeys.status, status),
    onSettled: () => client.invalidateQueries({ queryKey: calendarKeys.events }),
  });
}

export function useSetEventAutoJoin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { meetingId: string; autoJoin: boolean | null }) =>
      api(calendarRoutes.setEventAutoJoin, {
        params: { meetingId: input.meetingId },
        body: { autoJoin: input.autoJoin },
      }),
    onSettled: () => client.invalidateQueries({ queryKey: calendarKeys.events }),
  });
}

export function useZoomStatus() {
  return useQuery({
    queryKey: calendarKeys.zoom,
    queryFn: ({ signal }) => api(zoomRoutes.status, { signal }),
  });
}

/** Failures are shown inline in the dialog, so no error toast. */
export function useConfigureZoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ZoomConfigBody) => api(zoomRoutes.create, { body, toast: false }),
    onSuccess: (status) => client.setQueryData(calendarKeys.zoom, status),
  });
}

export function useDisconnectZoom() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(zoomRoutes.remove),
    onSettled: () => client.invalidateQueries({ queryKey: calendarKeys.zoom }),
  });
}
