import {
  parseLogRange,
  userLogQuery,
  userLogTimestampsQuery,
  type LogEventPage,
  type UserLogPage,
} from '@parley/contracts';
import type { z } from 'zod';
import { badRequest, notFound } from '../../platform/errors.js';
import { crossesOrganisations, type Caller } from '../../platform/http/caller.js';
import type { LogRange, LogScope, UserLogSort, UserLogsRepo } from './repo.js';

type ListQuery = z.output<typeof userLogQuery>;
type TimestampsQuery = z.output<typeof userLogTimestampsQuery>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The activity log read back (spec 3 §7 User logs). Who reads what: the contract's roles
 * decide which routes a caller reaches; here the organisation and user ids are checked
 * against the caller, and anything outside their reach reads as not found.
 */
export function createUserLogsService(deps: {
  repo: UserLogsRepo;
  now: () => Date;
  flushActivity?: () => Promise<void>;
}) {
  const { repo } = deps;

  /** No range means 0..now (spec 3 §9). */
  const rangeOf = (filter: ListQuery['filter']): LogRange =>
    filter ?? { from: new Date(0), to: deps.now() };

  async function page(scope: LogScope, query: ListQuery): Promise<UserLogPage> {
    await deps.flushActivity?.();
    const range = rangeOf(query.filter);
    const [users, days] = await Promise.all([
      repo.perUser(scope, range, {
        search: query.search,
        sort: query.sort as UserLogSort,
        page: query.page,
        size: query.size,
      }),
      repo.perDay(scope, range, query.search),
    ]);
    return { ...users, days };
  }

  function organizationInReach(caller: Caller, organizationId: string): void {
    if (!UUID.test(organizationId)) throw notFound();
    if (organizationId !== caller.organizationId && !crossesOrganisations(caller)) {
      throw notFound();
    }
  }

  return {
    all: (query: ListQuery) => page({}, query),

    async organization(caller: Caller, organizationId: string, query: ListQuery) {
      organizationInReach(caller, organizationId);
      return page({ organizationId }, query);
    },

    async organizationTimestamps(
      caller: Caller,
      organizationId: string,
      rangeSegment: string,
      query: TimestampsQuery,
    ): Promise<LogEventPage> {
      organizationInReach(caller, organizationId);
      const range = parseLogRange(rangeSegment);
      if (!range) {
        throw badRequest('The range is {from},{to} with ISO dates or epoch milliseconds');
      }
      await deps.flushActivity?.();
      return repo.events({ organizationId }, range, {
        search: query.search,
        method: query.filter,
        page: query.page,
        size: query.size,
      });
    },

    /** A member reads their own; whoever reads the organisation's logs reads its users'. */
    async user(caller: Caller, userId: string, query: ListQuery) {
      if (!UUID.test(userId)) throw notFound();
      const target = await repo.userById(userId);
      if (!target) throw notFound();
      const allowed =
        target.id === caller.userId ||
        crossesOrganisations(caller) ||
        (caller.permissions.includes('logs.read') &&
          target.organizationId === caller.organizationId);
      if (!allowed) throw notFound();
      return page({ userId }, query);
    },
  };
}
export type UserLogsService = ReturnType<typeof createUserLogsService>;
