import { useQuery } from '@tanstack/react-query';
import { sharingRoutes } from '@parley/contracts';
import { api } from '../../lib/api';

export const sharingKeys = {
  users: (meetingId: string) => ['share', 'users', meetingId] as const,
  org: (search: string) => ['share', 'org-users', search] as const,
  publicLink: (meetingId: string) => ['share', 'public', meetingId] as const,
  publicView: (token: string) => ['public-view', token] as const,
};

/** The people a meeting is shared with. */
export function useSharedUsers(meetingId: string) {
  return useQuery({
    queryKey: sharingKeys.users(meetingId),
    queryFn: ({ signal }) => api(sharingRoutes.sharedUsers, { params: { meetingId }, signal }),
  });
}

/** The organisation's people matching a search; nothing is asked for an empty search. */
export function useOrgUsers(search: string) {
  return useQuery({
    queryKey: sharingKeys.org(search),
    queryFn: ({ signal }) => api(sharingRoutes.orgUsers, { query: { search }, signal }),
    enabled: search.length > 0,
  });
}

/** Whether the meeting's public link is on, and the link. */
export function usePublicLinkStatus(meetingId: string) {
  return useQuery({
    queryKey: sharingKeys.publicLink(meetingId),
    queryFn: ({ signal }) =>
      api(sharingRoutes.publicStatus, { params: { meetingId }, signal, toast: false }),
  });
}

/** The shared view of /public/view/{token}, read without signing in; not kept once unused. */
export function usePublicView(token: string) {
  return useQuery({
    queryKey: sharingKeys.publicView(token),
    queryFn: ({ signal }) =>
      api(sharingRoutes.publicView, { params: { token }, signal, toast: false }),
    enabled: token.length > 0,
    gcTime: 0,
  });
}
