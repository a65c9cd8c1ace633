import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  USER_ADMIN_MESSAGES as M,
  groupRoutes,
  roleRoutes,
  userAdminRoutes,
  type RouteBody,
  type RouteQuery,
} from '@parley/contracts';
import { api, withFailureToast } from '../../lib/api';
import { useChange as useRefreshingChange } from '../../lib/use-change';

type UserQuery = RouteQuery<typeof userAdminRoutes.listOfOrganization>;
type GroupQuery = RouteQuery<typeof groupRoutes.all>;

/** Query keys of User Management; every change refreshes everything under `all`. */
export const userAdminKeys = {
  all: ['user-management'] as const,
  users: (organizationId: string, query: UserQuery) =>
    ['user-management', 'users', organizationId, query] as const,
  groups: (organizationId: string, query?: GroupQuery) =>
    ['user-management', 'groups', organizationId, query ?? 'all'] as const,
  roles: (organizationId: string) => ['user-management', 'roles', organizationId] as const,
  positions: (organizationId: string) => ['user-management', 'positions', organizationId] as const,
  managers: (organizationId: string) => ['user-management', 'managers', organizationId] as const,
};

/**
 * A read of one organisation's User Management data: off until there is an organisation, and a
 * failure toasts the spec's title for it (`failure`).
 */
function useOrganizationRead<T>(
  organizationId: string,
  queryKey: readonly unknown[],
  read: (signal: AbortSignal) => Promise<T>,
  failure: string,
  paged = false,
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => withFailureToast(read(signal), failure),
    ...(paged ? { placeholderData: keepPreviousData } : {}),
    enabled: !!organizationId,
  });
}

export const useUserPage = (organizationId: string, query: UserQuery) =>
  useOrganizationRead(
    organizationId,
    userAdminKeys.users(organizationId, query),
    (signal) =>
      api(userAdminRoutes.listOfOrganization, {
        params: { organizationId },
        query,
        signal,
        toast: false,
      }),
    M.searchFailed,
    true,
  );

export const useGroupPage = (organizationId: string, query: GroupQuery) =>
  useOrganizationRead(
    organizationId,
    userAdminKeys.groups(organizationId, query),
    (signal) => api(groupRoutes.all, { query: { ...query, organizationId }, signal, toast: false }),
    M.groupsFailed,
    true,
  );

/** Every group of the organisation with its status (the filter and the user dialog). */
export const useOrganizationGroups = (organizationId: string) =>
  useOrganizationRead(
    organizationId,
    userAdminKeys.groups(organizationId),
    (signal) => api(userAdminRoutes.groups, { query: { organizationId }, signal, toast: false }),
    M.groupsFailed,
  );

export const useRoles = (organizationId: string) =>
  useOrganizationRead(
    organizationId,
    userAdminKeys.roles(organizationId),
    (signal) => api(roleRoutes.ofOrganization, { query: { organizationId }, signal, toast: false }),
    M.rolesFailed,
  );

export function usePositions(organizationId: string) {
  return useQuery({
    queryKey: userAdminKeys.positions(organizationId),
    queryFn: ({ signal }) => api(userAdminRoutes.positions, { query: { organizationId }, signal }),
    enabled: !!organizationId,
  });
}

/** The organisation's sales managers: who a sales rep can report to. */
export const useSalesManagers = (organizationId: string) =>
  useOrganizationRead(
    organizationId,
    userAdminKeys.managers(organizationId),
    (signal) =>
      api(userAdminRoutes.ofOrganization, {
        params: { organizationId },
        query: { role: 'salesManager' },
        signal,
        toast: false,
      }),
    M.fetchFailed,
  );

/** A change whose success refreshes every User Management list. */
const useChange = <V, R>(run: (vars: V) => Promise<R>) =>
  useRefreshingChange(run, { refresh: userAdminKeys.all });

export const useCreateUser = () =>
  useChange((body: RouteBody<typeof userAdminRoutes.create>) =>
    api(userAdminRoutes.create, { body, toast: false }),
  );
/** `inForm`: the dialog shows the failure inline, so the API client's error toast is off. */
export const useUpdateUser = ({ inForm = false } = {}) =>
  useChange(({ id, body }: { id: string; body: RouteBody<typeof userAdminRoutes.update> }) =>
    api(userAdminRoutes.update, { params: { id }, body, toast: !inForm }),
  );
export const useDeleteUser = () =>
  useChange((id: string) => api(userAdminRoutes.remove, { params: { id } }));

export const useCreateGroup = () =>
  useChange((body: RouteBody<typeof groupRoutes.create>) =>
    api(groupRoutes.create, { body, toast: false }),
  );
export const useUpdateGroup = () =>
  useChange(({ id, body }: { id: string; body: RouteBody<typeof groupRoutes.update> }) =>
    api(groupRoutes.update, { params: { id }, body, toast: false }),
  );
export const useDeleteGroup = () =>
  useChange((id: string) => api(groupRoutes.remove, { params: { id } }));

export const useCreateRole = () =>
  useChange((body: RouteBody<typeof roleRoutes.create>) =>
    api(roleRoutes.create, { body, toast: false }),
  );
export const useUpdateRole = () =>
  useChange(({ id, body }: { id: string; body: RouteBody<typeof roleRoutes.update> }) =>
    api(roleRoutes.update, { params: { id }, body, toast: false }),
  );
export const useDeleteRole = () =>
  useChange((id: string) => api(roleRoutes.remove, { params: { id } }));
