import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  endpointRoutes,
  type Endpoint,
  type EndpointQuery,
  type Permission,
} from '@parley/contracts';
import { api } from '../../lib/api';

export const endpointKeys = {
  all: ['endpoint'] as const,
  page: (query: EndpointQuery) => ['endpoint', 'page', query] as const,
};

/** A page of the catalogue, as the list table reads pages ({ data, count }). */
export function useEndpointPage(query: EndpointQuery) {
  return useQuery({
    queryKey: endpointKeys.page(query),
    queryFn: ({ signal }) => api(endpointRoutes.query, { query, signal }),
    select: (page) => ({ data: page.endpoints, count: page.count }),
    placeholderData: keepPreviousData,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: endpointKeys.all });
}

export function useSetEndpointPermission() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, permission }: { id: string; permission: Permission }) =>
      api(endpointRoutes.update, { params: { id }, body: { permission }, toast: false }),
    onSettled: refresh,
  });
}

/**
 * Sets the route back to its contract's permission. (DELETE would do that too, but it removes
 * the record until the next start, and the row would vanish from the list.)
 */
export function useResetEndpoint() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (e: Endpoint) =>
      api(endpointRoutes.update, {
        params: { id: e.id },
        body: { permission: e.defaultPermission },
      }).then((saved) => ({
        message: `${saved.method} ${saved.path} requires ${saved.permission} again`,
      })),
    onSettled: refresh,
  });
}
