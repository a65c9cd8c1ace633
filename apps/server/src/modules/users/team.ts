import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { users } from '../../platform/db/schema.js';
import type { Caller } from '../../platform/http/caller.js';
import { seesWholeOrganisation } from '../meetings/index.js';

/**
 * Who a team view covers (coaching progress, the /accounts teams), as a condition on `users`:
 * active members of the caller's organisation; for whoever sees the whole organisation, its
 * sales reps and managers and anyone `alsoWhen` adds (who owns a deal, who started a video);
 * for a sales manager, themselves and the reps who report to them (users.sales_manager_id).
 */
export function salesTeamWhere(caller: Caller, alsoWhen: SQL): SQL | undefined {
  return and(
    eq(users.organizationId, caller.organizationId),
    eq(users.status, 'active'),
    seesWholeOrganisation(caller)
      ? or(inArray(users.role, ['salesRep', 'salesManager']), alsoWhen)
      : or(eq(users.id, caller.userId), eq(users.salesManagerId, caller.userId)),
  );
}
