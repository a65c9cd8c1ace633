import { userLogRoutes, type UserLogQuery } from '@parley/contracts';
import { api } from '../../lib/api';
import { usePageQuery } from '../../lib/use-page-query';

/** Whose logs a page shows: everyone's (super admin), one organisation's, or one user's. */
export type LogScope =
  { kind: 'all' } | { kind: 'organization'; id: string } | { kind: 'user'; id: string };

export const userLogKeys = {
  all: ['userlog'] as const,
  page: (scope: LogScope, query: UserLogQuery) => ['userlog', scope, query] as const,
};

/**
 * One page of per-user activity with the per-day counts. Failures are shown by the page with
 * the spec's message, so the generic toast is off.
 */
export function useUserLogs(scope: LogScope, query: UserLogQuery) {
  return usePageQuery(userLogKeys.page(scope, query), (signal) =>
    scope.kind === 'all'
      ? api(userLogRoutes.all, { query, signal, toast: false })
      : scope.kind === 'organization'
        ? api(userLogRoutes.organization, {
            params: { organizationId: scope.id },
            query,
            signal,
            toast: false,
          })
        : api(userLogRoutes.user, {
            params: { userId: scope.id },
            query,
            signal,
            toast: false,
          }),
  );
}
