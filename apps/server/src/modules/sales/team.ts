import { eq, or, sql } from 'drizzle-orm';
import { deals, meetings, salesRepTotals, users } from '../../platform/db/schema.js';
import type { Caller } from '../../platform/http/caller.js';
import { seesWholeOrganisation } from '../meetings/index.js';

/**
 * The people a team view covers: everyone of the organisation for those who see every
 * meeting, else the caller and the reps who report to them (users.sales_manager_id).
 */
export function teamOf(
  caller: Caller,
  ownerColumn: typeof meetings.ownerId | typeof deals.ownerId | typeof salesRepTotals.ownerId,
) {
  if (seesWholeOrganisation(caller)) return undefined;
  return or(
    eq(ownerColumn, caller.userId),
    sql`${ownerColumn} IN (SELECT ${users.id} FROM ${users} WHERE ${users.salesManagerId} = ${caller.userId})`,
  );
}

/** A user's name as the sales views show it: first and last name, else the e-mail address. */
export const personName = sql<string>`coalesce(nullif(btrim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`;
