import { sql } from 'drizzle-orm';
import { OUTSIDER, SEEDED_ACCOUNTS } from './app-kit.js';
import { PUBLIC, type Account } from './authorisation-matrix.js';
import { signIn, signUp } from './context.js';
import type { Caller, CallerScope } from './fuzz-callers.js';
import { sendAs, type FuzzWorld } from './fuzz-kit.js';
import { processedMeeting } from './workbench-kit.js';

/** A signed-in caller and its own things: the meeting and organisation its routes act on. */
export interface Session {
  token: string;
  scope: CallerScope;
  /** Set when a request since this caller's last check may have ended its session or meeting. */
  shaken: boolean;
}

/**
 * The route fuzzer's callers' sessions, each signed in at first use with a meeting of its own,
 * and kept on their feet between routes. `changed` is called whenever this writes data (a
 * sign-in, a meeting), so the fuzzer does not compare a fingerprint taken before it.
 */
export function fuzzSessions(world: FuzzWorld, changed: () => void) {
  const sessions = new Map<Account, Session>([
    [
      'poc',
      {
        token: world.poc.accessToken,
        scope: {
          userId: world.poc.user.id,
          organizationId: world.poc.user.organizationId,
          meetingId: world.meetingId,
        },
        shaken: true,
      },
    ],
  ]);
  /** Sign-ins come from their own addresses, so the per-address limit on codes is not reached. */
  let signIns = 0;
  const signInAs = (account: Account) =>
    signIn(world.ctx, SEEDED_ACCOUNTS[account], `10.0.1.${++signIns}`);
  const meetingOf = (organizationId: string, userId: string) =>
    processedMeeting(world.ctx, organizationId, userId, 'Fuzzed');

  /**
   * The caller's session. The super admin acts on another organisation (Elsewhere, signed up
   * here) so that what it deletes or changes there (an organisation, a meeting) leaves the point
   * of contact's organisation as the other routes need it.
   */
  async function of(account: Account): Promise<Session> {
    const known = sessions.get(account);
    if (known) return known;
    const signed = await signInAs(account);
    let organizationId = signed.user.organizationId;
    let ownerId = signed.user.id;
    if (account === 'admin') {
      const lead = await signUp(world.ctx, OUTSIDER.email, {
        organizationName: OUTSIDER.organizationName,
      });
      organizationId = lead.user.organizationId;
      ownerId = lead.user.id;
    }
    const meetingId = await meetingOf(organizationId, ownerId);
    const session = {
      token: signed.accessToken,
      scope: { userId: signed.user.id, organizationId, meetingId },
      shaken: false,
    };
    sessions.set(account, session);
    changed();
    return session;
  }

  async function meetingExists(id: string): Promise<boolean> {
    const result = await world.ctx.database.db.execute(
      sql`SELECT 1 AS one FROM meetings WHERE id = ${id}::uuid`,
    );
    return (result as unknown as { rows: unknown[] }).rows.length > 0;
  }

  return {
    of,
    /**
     * Before each route: a live session for its caller and an existing meeting of theirs, which
     * valid requests to earlier routes may have ended or deleted (sign-out, meeting deletion),
     * so every route is fuzzed on the same footing. Null for a public route.
     */
    async restore(caller: Caller): Promise<Session | null> {
      if (caller === PUBLIC) return null;
      const session = await of(caller);
      if (!session.shaken) return session;
      const me = await sendAs(world.ctx, session.token, { method: 'GET', url: '/auth/me' });
      if (me.status === 401) session.token = (await signInAs(caller)).accessToken;
      const { scope } = session;
      if (!(await meetingExists(scope.meetingId))) {
        scope.meetingId = await meetingOf(scope.organizationId, scope.userId);
      }
      session.shaken = false;
      changed();
      return session;
    },
    /** Every caller may have lost its session or meeting to what was just accepted. */
    shake() {
      for (const session of sessions.values()) session.shaken = true;
    },
  };
}
