import { expect } from 'vitest';
import type { CalendarEvent, CalendarProvider, CalendarStatus, Meeting } from '@parley/contracts';
import type { AutoJoiner } from '../modules/calendars/index.js';
import { sqlExecutorFor } from '../platform/queue/index.js';
import { call, createTestContext, json, signIn, type TestContext } from './context.js';
import { CRM_CLIENT } from './crm-stand-in.js';
import {
  startGoogleCalendarStandIn,
  type GoogleCalendarStandIn,
} from './google-calendar-stand-in.js';
import { waitFor } from './media.js';
import { startGraphStandIn, type GraphStandIn } from './microsoft-graph-stand-in.js';

export type BotCall = Parameters<AutoJoiner['startBot']>[0];

/** An ISO time `minutes` from now (the real clock: pg-boss waits on the database's). */
export const fromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/**
 * An app pointed at the Google and Microsoft stand-ins (paging by two), the seeded member
 * signed in, the bot calls recorded (the first `failingJoins` of them refused), and what the
 * calendar tests do.
 */
export async function startCalendarApp(opts: { failingJoins?: number } = {}) {
  let failuresLeft = opts.failingJoins ?? 0;
  const google: GoogleCalendarStandIn = await startGoogleCalendarStandIn();
  const graph: GraphStandIn = await startGraphStandIn();
  const bots: BotCall[] = [];
  const ctx: TestContext = await createTestContext({
    env: {
      GOOGLE_CALENDAR_CLIENT_ID: CRM_CLIENT.id,
      GOOGLE_CALENDAR_CLIENT_SECRET: CRM_CLIENT.secret,
      GOOGLE_OAUTH_ORIGIN: google.origin,
      GOOGLE_TOKEN_ORIGIN: google.origin,
      GOOGLE_CALENDAR_API_ORIGIN: google.origin,
      MICROSOFT_CALENDAR_CLIENT_ID: CRM_CLIENT.id,
      MICROSOFT_CALENDAR_CLIENT_SECRET: CRM_CLIENT.secret,
      MICROSOFT_LOGIN_ORIGIN: graph.origin,
      MICROSOFT_GRAPH_ORIGIN: graph.origin,
      // Tests sync by hand; the periodic pass would race them.
      CALENDAR_SYNC_EVERY_MINUTES: '0',
      ALLOW_PRIVATE_ENDPOINTS: 'true',
    },
    autoJoiner: {
      startBot: async (input) => {
        bots.push(input);
        // The bot service refuses the first calls when told to (down, or busy).
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          throw new Error('The bot service did not answer');
        }
        return { id: `bot-${bots.length}` };
      },
    },
  });
  const session = await signIn(ctx, 'user@acme.parley.local');
  const token = session.accessToken;

  const status = async (as = token): Promise<CalendarStatus> => {
    const res = await call(ctx, 'GET', '/calendars', { token: as });
    expect(res.statusCode, res.body).toBe(200);
    return json<CalendarStatus>(res);
  };

  /** POST configuration/{p}/update, consent at the stand-in, the callback with the cookie. */
  async function connect(p: CalendarProvider, tamper?: (u: URL) => void) {
    const start = await call(ctx, 'POST', `/configuration/${p}/update`, { token });
    expect(start.statusCode, start.body).toBe(200);
    const cookie = start.cookies.find((c) => c.name === 'parley_calendar');
    expect(cookie?.httpOnly).toBe(true);
    const atProvider = await fetch(json<{ url: string }>(start).url, { redirect: 'manual' });
    expect(atProvider.status).toBe(302);
    const back = new URL(atProvider.headers.get('location') ?? '');
    tamper?.(back);
    const res = await ctx.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: `parley_calendar=${cookie?.value ?? ''}` },
    });
    expect(res.statusCode).toBe(302);
    return new URL(res.headers.location as string);
  }

  async function sync(p: CalendarProvider) {
    const res = await call(ctx, 'POST', `/calendars/${p}/sync`, { token });
    expect(res.statusCode, res.body).toBe(200);
    return json<CalendarStatus['data'][number]>(res);
  }

  async function scheduled(): Promise<Meeting[]> {
    const res = await call(ctx, 'GET', '/meeting/user/schedule?size=100&order=startTime:asc', {
      token,
    });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: Meeting[] }>(res).data;
  }

  async function events(): Promise<CalendarEvent[]> {
    const res = await call(ctx, 'GET', '/calendars/events', { token });
    expect(res.statusCode, res.body).toBe(200);
    return json<{ data: CalendarEvent[] }>(res).data;
  }

  /** The calendar event row behind a scheduled meeting. */
  async function eventIdOf(meetingId: string): Promise<string> {
    const { rows } = await sqlExecutorFor(ctx.database).executeSql(
      'select id from calendar_events where meeting_id = $1',
      [meetingId],
    );
    const id = (rows as { id: string }[])[0]?.id;
    if (!id) throw new Error(`no calendar event for meeting ${meetingId}`);
    return id;
  }

  /** An event's auto-join jobs: state and start, oldest first. */
  async function joinJobs(eventId: string) {
    const { rows } = await sqlExecutorFor(ctx.database).executeSql(
      `select state, start_after from pgboss.job
       where name = 'calendar-auto-join' and data->>'eventId' = $1
       order by created_on`,
      [eventId],
    );
    return (rows as { state: string; start_after: Date | string }[]).map((r) => ({
      state: r.state,
      startAfter: new Date(r.start_after).toISOString(),
    }));
  }

  const waitForBots = (n: number, timeoutMs = 20_000) =>
    waitFor(async () => (bots.length >= n ? bots : undefined), timeoutMs, `${n} bot call(s)`);

  return {
    ctx,
    google,
    graph,
    bots,
    token,
    session,
    status,
    connect,
    sync,
    scheduled,
    events,
    joinJobs,
    eventIdOf,
    waitForBots,
    async close() {
      await ctx.close();
      await google.close();
      await graph.close();
    },
  };
}
export type CalendarApp = Awaited<ReturnType<typeof startCalendarApp>>;
