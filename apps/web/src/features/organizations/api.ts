import { useQuery } from '@tanstack/react-query';
import {
  ORGANIZATION_MESSAGES as M,
  organizationRoutes,
  type RouteBody,
  type RouteQuery,
} from '@parley/contracts';
import { api, withFailureToast } from '../../lib/api';
import { useChange } from '../../lib/use-change';
import { usePageQuery } from '../../lib/use-page-query';

type ListQuery = RouteQuery<typeof organizationRoutes.list>;

/** Query keys of Organization Management; every change refreshes everything under `all`. */
export const organizationKeys = {
  all: ['organization'] as const,
  list: (query: ListQuery) => ['organization', 'all', query] as const,
  dashboard: (id: string, days: number) => ['organization', 'dashboard', id, days] as const,
};

export const useOrganizations = (query: ListQuery) =>
  usePageQuery(organizationKeys.list(query), (signal) =>
    withFailureToast(api(organizationRoutes.list, { query, signal, toast: false }), M.listFailed),
  );

export function useOrganizationDashboard(id: string, days: number) {
  return useQuery({
    queryKey: organizationKeys.dashboard(id, days),
    queryFn: ({ signal }) =>
      withFailureToast(
        api(organizationRoutes.dashboard, {
          params: { organizationId: id },
          query: { days },
          signal,
          toast: false,
        }),
        M.getFailed,
      ),
    retry: false,
  });
}

/** A change to organisations: the server's message is toasted and every list refreshes. */
const useOrganizationChange = <V>(run: (vars: V) => Promise<{ message: string }>) =>
  useChange(run, { refresh: organizationKeys.all, announce: true });

export const useInviteOrganization = () =>
  useOrganizationChange((body: RouteBody<typeof organizationRoutes.invite>) =>
    api(organizationRoutes.invite, { body, toast: false }),
  );

export const useRenameOrganization = () =>
  useOrganizationChange(({ id, name }: { id: string; name: string }) =>
    api(organizationRoutes.update, {
      params: { organizationId: id },
      body: { name },
      toast: false,
    }),
  );

export const useDeleteOrganization = () =>
  useOrganizationChange(({ id, confirmName }: { id: string; confirmName: string }) =>
    api(organizationRoutes.remove, {
      params: { organizationId: id },
      body: { confirmName },
      toast: false,
    }),
  );
