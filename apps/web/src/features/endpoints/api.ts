import {
  endpointRoutes,
  type Endpoint,
  type EndpointQuery,
  type Permission,
} from '@parley/contracts';
import { api } from '../../lib/api';
import { useChange } from '../../lib/use-change';
import { usePageQuery } from '../../lib/use-page-query';

export const endpointKeys = {
  all: ['endpoint'] as const,
  page: (query: EndpointQuery) => ['endpoint', 'page', query] as const,
};

/** A page of the catalogue, as the list table reads pages ({ data, count }). */
export const useEndpointPage = (query: EndpointQuery) =>
  usePageQuery(endpointKeys.page(query), (signal) =>
    api(endpointRoutes.query, { query, signal }).then((page) => ({
      data: page.endpoints,
      count: page.count,
    })),
  );

/** A refused change can mean the catalogue on screen is stale: it reloads either way. */
const useEndpointChange = <V, R>(run: (vars: V) => Promise<R>) =>
  useChange(run, { refresh: endpointKeys.all, refreshOnFailure: true });

export const useSetEndpointPermission = () =>
  useEndpointChange(({ id, permission }: { id: string; permission: Permission }) =>
    api(endpointRoutes.update, { params: { id }, body: { permission }, toast: false }),
  );

/**
 * Sets the route back to its contract's permission. (DELETE would do that too, but it removes
 * the record until the next start, and the row would vanish from the list.)
 */
export const useResetEndpoint = () =>
  useEndpointChange((e: Endpoint) =>
    api(endpointRoutes.update, {
      params: { id: e.id },
      body: { permission: e.defaultPermission },
    }).then((saved) => ({
      message: `${saved.method} ${saved.path} requires ${saved.permission} again`,
    })),
  );
