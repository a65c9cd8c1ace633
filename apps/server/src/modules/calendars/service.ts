import {
  CALENDAR_MESSAGES as M,
  CALENDAR_NAMES,
  DEFAULT_CALL_LANGUAGE,
  CALENDAR_PROVIDERS,
  calendarProviderSchema,
  type AutoJoinRule,
  type CalendarConnection,
  type CalendarEvent,
  type CalendarProvider,
  type CalendarStatus,
} from '@parley/contracts';
import { notFound, withoutServerDetails } from '../../platform/errors.js';
import type { Caller } from '../../platform/http/caller.js';
import {
  createOAuthConnect,
  type ConnectOutcome,
  type OAuthCallbackQuery,
} from '../../platform/http/oauth-connect.js';
import type { JobQueue } from '../../platform/queue/index.js';
import type { SecretBox } from '../../platform/secrets.js';
import { hasExternalGuests, willJoin, type AutoJoiner } from './auto-join.js';
import { createCalendarConnections } from './connections.js';
import { autoJoinJob, calendarSyncJob } from './jobs.js';
import type { CalendarRepo, ConnectionRow, EventRow } from './repo.js';
import { createCalendarSync, type ScheduledMeetings } from './sync.js';
import { CalendarAuthError, type CalendarClient } from './types.js';

export interface CalendarDeps {
  repo: CalendarRepo;
  clients: Partial<Record<CalendarProvider, CalendarClient>>;
  secrets: SecretBox;
  queue: JobQueue;
  meetings: ScheduledMeetings;
  joiner: AutoJoiner;
  redirectUri: (p: CalendarProvider) => string;
  /** Between automatic syncs of a connection; 0: none. */
  syncEveryMs: number;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

/** The flow cookie's sealing context: a sealed credential does not open as a flow. */
const FLOW_CONTEXT = 'calendar-oauth-flow';
const DAY = 24 * 3600_000;
/** The window a full read covers: a day back (calls running now) to two weeks ahead. */
export const SYNC_WINDOW = { back: DAY, ahead: 14 * DAY };

const messageOf = (err: unknown) =>
  withoutServerDetails(err instanceof Error ? err.message : String(err)) || 'the sync failed';

export function createCalendarService(deps: CalendarDeps) {
  const { repo, secrets, queue, now, log } = deps;
  const connections = createCalendarConnections(deps);
  const oauth = createOAuthConnect({
    providerSchema: calendarProviderSchema,
    clients: deps.clients,
    secrets,
    sealContext: FLOW_CONTEXT,
    redirectUri: deps.redirectUri,
    messages: M,
    logLabel: 'calendar',
    log,
  });
  const sync = createCalendarSync({ ...deps, connections, windowMs: SYNC_WINDOW });
  // One pass per connection at a time in this process (a job and "sync now" may meet).
  const running = new Map<string, Promise<void>>();

  async function view(
    p: CalendarProvider,
    row: ConnectionRow | undefined,
  ): Promise<CalendarConnection> {
    const configured = Boolean(deps.clients[p]);
    return {
      provider: p,
      name: CALENDAR_NAMES[p],
      configured,
      setupHint: configured ? null : M.notConfigured(p),
      connected: Boolean(row),
      needsReconnect: row?.status === 'reconnect',
      accountEmail: row?.accountEmail ?? null,
      lastSyncAt: row?.lastSyncAt?.toISOString() ?? null,
      lastError: row?.lastError ?? null,
      upcoming: row ? await repo.countUpcoming(row.id, now()) : 0,
    };
  }

  async function status(caller: Caller): Promise<CalendarStatus> {
    const rows = await repo.connections(caller.userId);
    return {
      data: await Promise.all(
        CALENDAR_PROVIDERS.map((p) =>
          view(
            p,
            rows.find((r) => r.provider === p),
          ),
        ),
      ),
      autoJoinRule: await repo.rule(caller.userId),
    };
  }

  /** Runs a pass on the connection; failures are kept on it for the page to show. */
  async function runSync(connectionId: string): Promise<void> {
    const inFlight = running.get(connectionId);
    if (inFlight) return inFlight;
    const pass = (async () => {
      const conn = await repo.connectionById(connectionId);
      if (conn?.status !== 'connected') return;
      try {
        await sync.run(conn);
      } catch (err) {
        await repo.updateConnection(conn.id, { lastError: messageOf(err) }, now());
        // A refused sign-in needs the user; anything else is retried by the job.
        if (!(err instanceof CalendarAuthError)) throw err;
      }
    })().finally(() => running.delete(connectionId));
    running.set(connectionId, pass);
    return pass;
  }

  function eventView(e: EventRow, conn: ConnectionRow, rule: AutoJoinRule): CalendarEvent | null {
    if (!e.meetingId) return null;
    return {
      meetingId: e.meetingId,
      provider: conn.provider,
      title: e.title,
      startAt: e.startAt.toISOString(),
      endAt: e.endAt.toISOString(),
      meetingLink: e.meetingLink,
      hostedByMe: e.hostedByMe,
      hasExternalGuests: hasExternalGuests(e.attendeeEmails, conn.accountEmail),
      autoJoin: e.autoJoin,
      willJoin: willJoin(rule, e, conn.accountEmail),
      joinedAt: e.joinedAt?.toISOString() ?? null,
      joinError: e.joinError,
    };
  }

  /** The auto-join job at an event's start: the toggle or rule decides; one join per event. */
  async function joinAtStart(eventId: string, startAt: string): Promise<void> {
    const e = await repo.event(eventId);
    // Gone, or moved (a job for the new start exists): nothing to do here.
    // Its meeting deleted in Parley: the user does not want this call recorded.
    if (!e || e.startAt.toISOString() !== startAt || e.joinedAt || !e.meetingId) return;
    const conn = await repo.connectionById(e.connectionId);
    if (!conn || !willJoin(await repo.rule(e.userId), e, conn.accountEmail)) return;
    const claimed = await repo.claimJoin(e.id, e.startAt, now());
    if (!claimed) return;
    try {
      await deps.joiner.startBot({
        organizationId: e.organizationId,
        userId: e.userId,
        meetingLink: e.meetingLink,
        meetingName: e.title,
        language: DEFAULT_CALL_LANGUAGE,
        meetingId: e.meetingId,
      });
    } catch (err) {
      // Released so the retry can claim it again; the reason shows on the row meanwhile.
      await repo.releaseJoin(e.id, messageOf(err), now());
      throw err;
    }
  }

  return {
    status,

    connect(caller: Caller, p: CalendarProvider): { url: string; flow: string } {
      return oauth.start(caller, p);
    },

    /** The callback: checks the state this browser was given, exchanges the code, first sync. */
    async completeConnect(
      p: CalendarProvider,
      sealedFlow: string | undefined,
      query: OAuthCallbackQuery,
    ): Promise<ConnectOutcome> {
      const outcome = await oauth.complete(
        p,
        sealedFlow,
        query,
        async ({ flow, client, tokens }) => {
          const probe = connections.sessionOn(client, tokens, null);
          const accountEmail = (await client.accountEmail(probe)).toLowerCase();
          return repo.saveConnection({
            organizationId: flow.organizationId,
            userId: flow.userId,
            provider: p,
            accountEmail,
            secretSealed: connections.seal(flow.userId, p, probe.current()),
            now: now(),
          });
        },
      );
      if (!outcome.ok) return outcome;
      await queue.send(calendarSyncJob, { connectionId: outcome.saved.id, provider: p });
      return { ok: true };
    },

    async syncNow(caller: Caller, p: CalendarProvider): Promise<CalendarConnection> {
      const row = await repo.connection(caller.userId, p);
      if (!row) throw notFound(M.notConnected(p));
      await runSync(row.id).catch(() => undefined);
      return view(p, (await repo.connection(caller.userId, p)) ?? undefined);
    },

    /** Revokes best effort, then forgets the tokens, the events and their scheduled meetings. */
    async disconnect(
      caller: Caller,
      p: CalendarProvider,
    ): Promise<{ message: string; revoked: boolean }> {
      const row = await repo.connection(caller.userId, p);
      if (!row) throw notFound(M.notConnected(p));
      const revoked = await connections.revoke(row);
      for (const e of await repo.eventsOfConnection(row.id)) await sync.forget(e);
      await repo.removeConnection(row.id);
      return { message: revoked ? M.disconnected(p) : M.notRevoked(p), revoked };
    },

    async setRule(caller: Caller, rule: AutoJoinRule): Promise<CalendarStatus> {
      await repo.setRule(caller.organizationId, caller.userId, rule, now());
      return status(caller);
    },

    async events(caller: Caller): Promise<{ data: CalendarEvent[] }> {
      const [rows, conns, rule] = await Promise.all([
        repo.upcoming(caller.userId, now()),
        repo.connections(caller.userId),
        repo.rule(caller.userId),
      ]);
      const byId = new Map(conns.map((c) => [c.id, c]));
      const data: CalendarEvent[] = [];
      for (const e of rows) {
        const conn = byId.get(e.connectionId);
        const v = conn ? eventView(e, conn, rule) : null;
        if (v) data.push(v);
      }
      return { data };
    },

    async setEventAutoJoin(
      caller: Caller,
      meetingId: string,
      autoJoin: boolean | null,
    ): Promise<CalendarEvent> {
      const e = await repo.eventOfMeeting(caller.userId, meetingId);
      const conn = e ? await repo.connectionById(e.connectionId) : null;
      if (!e || !conn) throw notFound(M.eventNotFound);
      const row = (await repo.updateEvent(e.id, { autoJoin, updatedAt: now() })) ?? e;
      const v = eventView(row, conn, await repo.rule(caller.userId));
      if (!v) throw notFound(M.eventNotFound);
      return v;
    },

    /** Runs the sync and join jobs, and queues the automatic syncs as they fall due. */
    async registerWorker(): Promise<() => void> {
      await queue.work(calendarSyncJob, ({ connectionId }) => runSync(connectionId));
      await queue.work(calendarSyncJob.deadLetter, async ({ connectionId }, run) => {
        log.warn({ connectionId, reason: run.reason }, 'calendar sync gave up');
      });
      await queue.work(autoJoinJob, ({ eventId, startAt }) => joinAtStart(eventId, startAt));
      await queue.work(autoJoinJob.deadLetter, async ({ eventId }, run) => {
        log.warn({ eventId, reason: run.reason }, 'auto-join gave up');
      });
      if (deps.syncEveryMs <= 0) return () => {};
      const ask = () => {
        void (async () => {
          for (const c of await repo.dueConnections(new Date(now().getTime() - deps.syncEveryMs))) {
            await queue.send(calendarSyncJob, { connectionId: c.id, provider: c.provider });
          }
        })().catch((err: unknown) => log.warn({ err }, 'calendar syncs not queued'));
      };
      ask();
      const timer = setInterval(ask, deps.syncEveryMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;
