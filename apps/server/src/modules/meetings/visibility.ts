import { and, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { meetingShares, meetings, users } from '../../platform/db/schema.js';
import type { Permission } from '@parley/contracts';
import { crossesOrganisations, type Caller } from '../../platform/http/caller.js';

/**
 * Whom a condition is for: a caller, or, in a prepared statement (list-repo.ts), the caller's
 * permissions with placeholders for the ids the statement is run with.
 */
export interface Viewer {
  userId: string | Placeholder;
  organizationId: string | Placeholder;
  permissions: readonly Permission[];
}

/**
 * Who sees which meeting (spec 2 leaves it open; this is the rule, enforced here only):
 *
 * - Nobody sees another organisation's meetings: they answer 404, as if they did not exist.
 *   The one exception is a super admin deleting any organisation's meeting (spec 2 §6).
 * - In their own organisation, a role holding 'meetings.organization' (by default the poc and
 *   the super admin) sees every meeting.
 * - Every other role (user, salesManager, salesRep, talentPoolUser) sees the meetings they
 *   own and those shared with them; a role holding 'sales.team' (the sales manager) also sees
 *   the meetings of the reps who report to them (users.sales_manager_id), to review their calls.
 * - Managing a meeting (delete, share, public link) is for its owner and whoever sees the
 *   whole organisation; someone it is shared with may view it only (403 when they try more).
 */
export function seesWholeOrganisation(caller: Viewer): boolean {
  return caller.permissions.includes('meetings.organization');
}

/**
 * Meetings shared with the caller. Written as IN over the caller's shares (not a correlated
 * EXISTS) so the planner hashes that short list once: the member's count over 100,000
 * meetings went from ~120 ms to ~15 ms on PostgreSQL (bench/upload.bench.mjs).
 */
const sharedIds = (caller: Viewer) =>
  sql`${meetings.id} IN (SELECT ${meetingShares.meetingId} FROM ${meetingShares} WHERE ${meetingShares.userId} = ${caller.userId})`;

/** Meetings owned by the reps who report to the caller. */
const teamOwned = (caller: Viewer) =>
  sql`${meetings.ownerId} IN (SELECT ${users.id} FROM ${users} WHERE ${users.salesManagerId} = ${caller.userId})`;

const leadsATeam = (caller: Viewer) => caller.permissions.includes('sales.team');

/** Which form of the rule applies to the caller: all a statement's text depends on. */
export function visibilityForm(caller: Viewer): 'organisation' | 'team' | 'own' {
  if (seesWholeOrganisation(caller)) return 'organisation';
  return leadsATeam(caller) ? 'team' : 'own';
}

/** The rule as a SQL condition on `meetings`. */
export function visibleTo(caller: Viewer): SQL {
  const inOrg = eq(meetings.organizationId, caller.organizationId);
  if (seesWholeOrganisation(caller)) return inOrg;
  const mine = [eq(meetings.ownerId, caller.userId), sharedIds(caller)];
  if (leadsATeam(caller)) mine.push(teamOwned(caller));
  return and(inOrg, or(...mine)) as SQL;
}

/** Meetings shared with the caller (GET share), in their own organisation. */
export function sharedWith(caller: Viewer): SQL {
  return and(eq(meetings.organizationId, caller.organizationId), sharedIds(caller)) as SQL;
}

export function canManage(
  caller: Caller,
  meeting: { organizationId: string; ownerId: string },
): boolean {
  if (crossesOrganisations(caller)) return true;
  if (meeting.organizationId !== caller.organizationId) return false;
  return seesWholeOrganisation(caller) || meeting.ownerId === caller.userId;
}
