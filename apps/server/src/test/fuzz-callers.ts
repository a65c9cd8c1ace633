import { sql } from 'drizzle-orm';
import {
  featureUnavailableMessage,
  routeKey,
  STATUS_MESSAGES,
  TALENT_POOL_ONLY,
  TRANSCRIPT_DASHBOARDS,
  type RouteContract,
} from '@parley/contracts';
import type { Database } from '../platform/db/client.js';
import { AUTHORISATION_MATRIX, PUBLIC, type Account } from './authorisation-matrix.js';

/**
 * Who the route fuzzer sends each route as, and the real ids of that caller's data its path
 * parameters are drawn from, so requests get past the permission check and find something.
 */

export type Caller = Account | typeof PUBLIC;

/**
 * The first of these the authorisation rows allow calls the route: the point of contact for
 * what the organisation does, the seeker for the talent pool's calls, the super admin for the
 * platform's.
 */
const PREFERENCE: readonly Account[] = ['poc', 'seeker', 'admin', 'manager', 'member', 'rep'];

/** The caller the authorisation rows permit; a route without a row (media) is public. */
export function callerOf(route: RouteContract): Caller {
  const who = AUTHORISATION_MATRIX[routeKey(route)];
  if (who === undefined || who === PUBLIC) return PUBLIC;
  const first = PREFERENCE.find((a) => who.includes(a));
  if (!first) throw new Error(`${routeKey(route)}: no account may call it`);
  return first;
}

/**
 * Whether an answer is the gate's refusal (no session, the role's permission, the plan's
 * feature, the talent pool's calls) rather than the handler's.
 */
export function refusedAtGate(route: RouteContract, status: number, body: unknown): boolean {
  // A route without the gate answers 401 itself (a guest link's token that matches nothing).
  if (status === 401) return route.auth;
  if (status !== 403) return false;
  const message = (body as { message?: unknown } | null)?.message;
  return (
    message === STATUS_MESSAGES[403] ||
    message === TALENT_POOL_ONLY ||
    (!!route.feature && message === featureUnavailableMessage(route.feature))
  );
}

/** The caller's own things that path parameters name. */
export interface CallerScope {
  userId: string;
  organizationId: string;
  meetingId: string;
}

/**
 * Where a path parameter other than the meeting or the organisation lives: the first source
 * whose pattern matches the path names the table and column; rows are the caller's
 * organisation's when the table has one.
 */
interface Source {
  path: RegExp;
  param: string;
  table: string;
  column: string;
}
const from = (path: RegExp, table: string, param = 'id', column = 'id'): Source => ({
  path,
  param,
  table,
  column,
});
const SOURCES: Source[] = [
  from(/^\/models\/:id/, 'ai_models'),
  from(/^\/avatar\/voice\//, 'voices'),
  from(/^\/avatar\//, 'avatars'),
  from(/^\/extension\/:id/, 'meeting_bots'),
  from(/^\/bundle\/:id/, 'bundles'),
  from(/^\/credit-slab\/:id/, 'credit_slabs'),
  from(/^\/endpoint\/:id/, 'endpoints'),
  from(/^\/feature\/:id/, 'features'),
  from(/^\/group\/:id/, 'groups'),
  from(/^\/highlights\/:id/, 'highlights'),
  from(/^\/job\/:id/, 'jobs'),
  from(/^\/invoice\//, 'invoices'),
  from(/^\/b2c\/mock-interview\/:id/, 'mock_interviews'),
  from(/^\/b2c\/practice-goals\/:id/, 'practice_goals'),
  from(/^\/parameter\/update-threshold\/:id/, 'organization_thresholds'),
  from(/^\/parameter\/:id/, 'parameters'),
  from(/^\/prompt\/:id/, 'prompts'),
  from(/^\/role\/:id/, 'roles'),
  from(/^\/sales\/accounts\/:id/, 'sales_accounts'),
  from(/^\/sales\/deals\/:id/, 'deals'),
  from(/^\/sales\/contacts\/:id/, 'deal_contacts'),
  from(/^\/b2c\/company\/:id/, 'talent_companies'),
  from(/^\/b2c\/role\/:id/, 'talent_roles'),
  from(/^\/trackers\/:id/, 'trackers'),
  from(/^\/user\/:id/, 'users'),
  from(/:quizId/, 'coaching_quizzes', 'quizId'),
  from(/:attemptId/, 'coaching_attempts', 'attemptId'),
  from(/:email/, 'participants', 'email', 'email'),
  from(/:meetingCode/, 'meetings', 'meetingCode', 'meeting_code'),
];

/**
 * Values that are not rows: a dashboard's name, a range of instants, places of the location
 * dataset (the United States, California).
 */
const FIXED: Record<string, string[]> = {
  countryId: ['233'],
  stateId: ['1416'],
  dashboard: [...TRANSCRIPT_DASHBOARDS],
  range: ['2020-01-01T00:00:00.000Z,2100-01-01T00:00:00.000Z'],
};

/** Finds, per route, real values for its path parameters as one caller sees them. */
export async function paramSource(database: Database) {
  const listed = await database.db.execute(
    sql`SELECT table_name AS t FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name = 'organization_id'`,
  );
  const scoped = new Set((listed as unknown as { rows: { t: string }[] }).rows.map((r) => r.t));

  return async function realParams(
    route: RouteContract,
    scope: CallerScope,
  ): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = { ...FIXED };
    const source = SOURCES.find((s) => s.path.test(route.path));
    if (!source || !route.path.includes(`:${source.param}`)) return out;
    const { table, column, param } = source;
    const conditions = [sql`true`];
    if (scoped.has(table)) conditions.push(sql`organization_id = ${scope.organizationId}::uuid`);
    // The caller's own account is not among the users it edits or deletes.
    if (table === 'users') conditions.push(sql`id <> ${scope.userId}::uuid`);
    // The caller's meeting: the one every other route of theirs reads.
    if (table === 'meetings') conditions.push(sql`id = ${scope.meetingId}::uuid`);
    const result = await database.db.execute(
      sql`SELECT ${sql.identifier(column)}::text AS v FROM ${sql.identifier(table)}
          WHERE ${sql.join(conditions, sql` AND `)} ORDER BY 1 LIMIT 3`,
    );
    const values = (result as unknown as { rows: { v: string }[] }).rows.map((r) => r.v);
    if (values.length) out[param] = values;
    return out;
  };
}
