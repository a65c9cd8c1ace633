import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES } from '@parley/contracts';
import { calendarConnections } from '../../platform/db/schema.js';
import { startCalendarApp, fromNow, type CalendarApp } from '../../test/calendars-kit.js';
import { call, json, signIn } from '../../test/context.js';
import { waitFor } from '../../test/media.js';

/**
 * Issue 18 item 3, Google Calendar: OAuth against the local stand-in, events with a meeting
 * link as scheduled meetings, incremental reads with the sync token (a reschedule, a
 * cancellation, an expired token), the join job at each start, disconnecting.
 */

let app: CalendarApp;
const ME = 'ana@acme.parley.local';

beforeAll(async () => {
  app = await startCalendarApp();
  const g = app.google;
  g.put({
    id: 'g-pricing',
    summary: 'Pricing call',
    start: { dateTime: fromNow(60) },
    end: { dateTime: fromNow(90) },
    hangoutLink: 'https://meet.google.com/abc-defg-hij',
    organizer: { email: ME, self: true },
    attendees: [{ email: ME, self: true }, { email: 'bo@acme.parley.local' }],
  });
  g.put({
    id: 'g-partner',
    summary: 'Partner sync',
    start: { dateTime: fromNow(120) },
    end: { dateTime: fromNow(150) },
    description: '<p>Agenda</p><a href="https://us02web.zoom.us/j/85512345678?pwd=x">Join Zoom</a>',
    organizer: { email: 'cy@globex.example' },
    attendees: [{ email: ME, self: true }, { email: 'cy@globex.example' }],
  });
  g.put({
    id: 'g-lunch',
    summary: 'Lunch',
    start: { dateTime: fromNow(180) },
    end: { dateTime: fromNow(240) },
    location: 'Cafeteria',
  });
  g.put({
    id: 'g-offsite',
    summary: 'Offsite (all day)',
    start: { date: fromNow(60 * 48).slice(0, 10) },
    end: { date: fromNow(60 * 72).slice(0, 10) },
    location: 'https://zoom.us/j/111',
  });
  g.put({
    id: 'g-done',
    summary: 'Yesterday’s review',
    start: { dateTime: fromNow(-120) },
    end: { dateTime: fromNow(-60) },
    hangoutLink: 'https://meet.google.com/old-call-xyz',
  });
  g.put({
    id: 'g-teams',
    summary: 'Teams review',
    start: { dateTime: fromNow(300) },
    end: { dateTime: fromNow(330) },
    location: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_Q%40thread.v2/0',
    organizer: { email: 'bo@acme.parley.local' },
    attendees: [{ email: ME }],
  });
}, 60_000);
afterAll(async () => app?.close());

const names = async () => (await app.scheduled()).map((m) => m.meetingName);

describe('connecting Google Calendar', () => {
  it('refuses a callback whose state is not the one this browser was given', async () => {
    const back = await app.connect('google', (u) =>
      u.searchParams.set('state', 'forged-state-0123456789'),
    );
    expect(back.pathname).toBe('/app-integrations');
    expect(back.searchParams.get('calendarError')).toBe(CALENDAR_MESSAGES.failed('google'));
    expect((await app.status()).data.find((c) => c.provider === 'google')?.connected).toBe(false);
  });

  it('connects, keeps the tokens sealed, and the first sync schedules the linked events', async () => {
    const back = await app.connect('google');
    expect(back.searchParams.get('calendarResult')).toBe('connected');
    const google = await waitFor(
      async () => {
        const c = (await app.status()).data.find((x) => x.provider === 'google');
        return c?.lastSyncAt ? c : undefined;
      },
      20_000,
      'the first sync',
    );
    expect(google).toMatchObject({
      connected: true,
      accountEmail: ME,
      upcoming: 3,
      lastError: null,
    });
    expect((await app.status()).autoJoinRule).toBe('none');

    const [row] = await app.ctx.database.db.select().from(calendarConnections);
    expect(row?.secretSealed).toMatch(/^v1\./);
    expect(row?.secretSealed).not.toContain('access-');
    expect(row?.syncState).toMatch(/^sync-/);

    // Only timed events with a call link that are not over; read over several pages.
    expect(await names()).toEqual(['Pricing call', 'Partner sync', 'Teams review']);
    const meetings = await app.scheduled();
    expect(meetings.map((m) => m.meetingLink)).toEqual([
      'https://meet.google.com/abc-defg-hij',
      'https://us02web.zoom.us/j/85512345678?pwd=x',
      'https://teams.microsoft.com/l/meetup-join/19%3ameeting_Q%40thread.v2/0',
    ]);
    const listed = app.google.seen.filter((s) =>
      s.path.startsWith('/calendar/v3/calendars/primary/events'),
    );
    expect(listed.length).toBeGreaterThanOrEqual(3);
    expect(listed[0]?.path).toContain('timeMin=');

    const events = await app.events();
    expect(events.map((e) => [e.title, e.hostedByMe, e.hasExternalGuests, e.willJoin])).toEqual([
      ['Pricing call', true, false, false],
      ['Partner sync', false, true, false],
      ['Teams review', false, false, false],
    ]);
    // A join job waits for each start.
    for (const e of events) {
      expect(await app.joinJobs(await app.eventIdOf(e.meetingId))).toEqual([
        { state: 'created', startAfter: e.startAt },
      ]);
    }
  });
});

describe('following the calendar', () => {
  it('moves a rescheduled meeting and its join job, and removes a cancelled one', async () => {
    const before = await app.scheduled();
    const pricing = before.find((m) => m.meetingName === 'Pricing call');
    const partner = before.find((m) => m.meetingName === 'Partner sync');
    if (!pricing || !partner) throw new Error('missing meetings');
    const pricingEvent = await app.eventIdOf(pricing.id);
    const partnerEvent = await app.eventIdOf(partner.id);
    const oldStart = (await app.joinJobs(pricingEvent))[0]?.startAfter;

    const newStart = fromNow(200);
    app.google.put({
      id: 'g-pricing',
      summary: 'Pricing call (moved)',
      start: { dateTime: newStart },
      end: { dateTime: fromNow(230) },
      hangoutLink: 'https://meet.google.com/abc-defg-hij',
      organizer: { email: ME, self: true },
    });
    app.google.cancel('g-partner');
    // The access token has expired meanwhile: refreshed once, then the read goes on.
    app.google.expireTokens();
    const seenBefore = app.google.seen.length;
    const synced = await app.sync('google');
    expect(synced).toMatchObject({ lastError: null, upcoming: 2 });

    const calls = app.google.seen.slice(seenBefore);
    expect(
      calls.some(
        (s) =>
          s.path === '/token' && (s.body as { grant_type: string }).grant_type === 'refresh_token',
      ),
    ).toBe(true);
    const reads = calls.filter(
      (s) => s.path.startsWith('/calendar/v3/calendars/primary/events') && s.status === 200,
    );
    expect(reads.every((s) => s.path.includes('syncToken=') && !s.path.includes('timeMin'))).toBe(
      true,
    );

    const after = await app.scheduled();
    expect(after.map((m) => m.meetingName)).toEqual(['Pricing call (moved)', 'Teams review']);
    const moved = after[0];
    expect(moved?.id).toBe(pricing.id);
    expect(moved?.startTime).toBe(new Date(newStart).toISOString());
    expect(await app.joinJobs(pricingEvent)).toEqual([
      { state: 'cancelled', startAfter: oldStart },
      { state: 'created', startAfter: new Date(newStart).toISOString() },
    ]);
    expect((await app.joinJobs(partnerEvent)).map((j) => j.state)).toEqual(['cancelled']);
    const gone = await call(app.ctx, 'GET', `/meeting/${partner.id}`, { token: app.token });
    expect(gone.statusCode).toBe(404);
  });

  it('reads the whole window again when Google says the sync token expired (410)', async () => {
    const ids = new Map((await app.scheduled()).map((m) => [m.meetingName, m.id]));
    app.google.expireSyncTokens();
    app.google.put({
      id: 'g-new',
      summary: 'Kickoff',
      start: { dateTime: fromNow(400) },
      end: { dateTime: fromNow(430) },
      conferenceData: {
        entryPoints: [{ entryPointType: 'video', uri: 'https://meet.google.com/kik-offx-yzq' }],
      },
    });
    const seenBefore = app.google.seen.length;
    await app.sync('google');
    const reads = app.google.seen
      .slice(seenBefore)
      .filter((s) => s.path.startsWith('/calendar/v3/calendars/primary/events'));
    expect(reads[0]?.status).toBe(410);
    expect(reads[1]?.path).toContain('timeMin=');
    const after = await app.scheduled();
    expect(after.map((m) => m.meetingName)).toEqual([
      'Pricing call (moved)',
      'Teams review',
      'Kickoff',
    ]);
    // The same meetings, not copies.
    expect(after.find((m) => m.meetingName === 'Teams review')?.id).toBe(ids.get('Teams review'));
  });
});

describe('auto-join', () => {
  it('asks the bot to join at the start what the rule or the toggle says, once each', async () => {
    const soon = () => ({ start: { dateTime: fromNow(0.05) }, end: { dateTime: fromNow(30) } });
    app.google.put({
      id: 'j-standup',
      summary: 'Standup',
      ...soon(),
      hangoutLink: 'https://meet.google.com/sta-ndup-aaa',
      organizer: { email: ME, self: true },
      attendees: [{ email: 'bo@acme.parley.local' }],
    });
    app.google.put({
      id: 'j-customer',
      summary: 'Customer demo',
      ...soon(),
      hangoutLink: 'https://meet.google.com/cus-tome-rrr',
      organizer: { email: ME, self: true },
      attendees: [{ email: 'dee@contoso.example' }],
    });
    app.google.put({
      id: 'j-toggle',
      summary: 'Design review',
      ...soon(),
      location: 'https://zoom.us/j/4455667788',
      organizer: { email: 'bo@acme.parley.local' },
    });
    const rule = await call(app.ctx, 'PATCH', '/calendars/auto-join', {
      token: app.token,
      payload: { rule: 'external' },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    await app.sync('google');
    const toggled = (await app.events()).find((e) => e.title === 'Design review');
    if (!toggled) throw new Error('no Design review');
    const res = await call(app.ctx, 'PATCH', `/calendars/events/${toggled.meetingId}`, {
      token: app.token,
      payload: { autoJoin: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ autoJoin: true, willJoin: true });
    expect(
      (await app.events())
        .filter((e) => e.willJoin)
        .map((e) => e.title)
        .sort(),
    ).toEqual(['Customer demo', 'Design review']);

    await app.waitForBots(2);
    // A sync after the join schedules nothing again.
    await app.sync('google');
    await new Promise((r) => setTimeout(r, 2000));
    expect(app.bots.map((b) => b.meetingName).sort()).toEqual(['Customer demo', 'Design review']);
    expect(app.bots.find((b) => b.meetingName === 'Design review')).toMatchObject({
      meetingLink: 'https://zoom.us/j/4455667788',
      organizationId: app.session.user.organizationId,
      userId: app.session.user.id,
    });
    const joined = (await app.events())
      .filter((e) => e.joinedAt)
      .map((e) => e.title)
      .sort();
    expect(joined).toEqual(['Customer demo', 'Design review']);
  });

  it('is each user’s own: another member can neither see nor toggle these events', async () => {
    const other = await signIn(app.ctx, 'manager@acme.parley.local');
    const theirs = await call(app.ctx, 'GET', '/calendars/events', { token: other.accessToken });
    expect(json<{ data: unknown[] }>(theirs).data).toEqual([]);
    const mine = (await app.events())[0];
    const res = await call(app.ctx, 'PATCH', `/calendars/events/${mine?.meetingId ?? ''}`, {
      token: other.accessToken,
      payload: { autoJoin: false },
    });
    expect(res.statusCode).toBe(404);
    expect(json(res).message).toBe(CALENDAR_MESSAGES.eventNotFound);
  });
});

describe('a calendar meeting deleted in Parley', () => {
  it('is not made again when its event changes', async () => {
    const teams = (await app.scheduled()).find((m) => m.meetingName === 'Teams review');
    if (!teams) throw new Error('no Teams review');
    const res = await call(app.ctx, 'DELETE', `/meeting/${teams.id}`, { token: app.token });
    expect(res.statusCode, res.body).toBe(200);
    app.google.put({
      id: 'g-teams',
      summary: 'Teams review (agenda changed)',
      start: { dateTime: fromNow(310) },
      end: { dateTime: fromNow(340) },
      location: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_Q%40thread.v2/0',
    });
    await app.sync('google');
    expect((await names()).filter((n) => n.startsWith('Teams review'))).toEqual([]);
    expect((await app.events()).map((e) => e.title)).not.toContain('Teams review (agenda changed)');
  });
});

describe('a connection Google no longer accepts', () => {
  it('asks the user to connect again when the refresh is refused, and stops syncing it', async () => {
    app.google.revokeRefresh();
    app.google.expireTokens();
    const failed = await app.sync('google');
    expect(failed).toMatchObject({
      connected: true,
      needsReconnect: true,
      lastError: CALENDAR_MESSAGES.reconnect('google'),
    });
    const before = app.google.seen.length;
    await app.sync('google');
    // Nothing is asked of Google until the user connects again.
    expect(app.google.seen.length).toBe(before);
  });
});

describe('disconnecting Google Calendar', () => {
  it('revokes the token at Google and removes the scheduled meetings', async () => {
    const [refresh] = [...app.google.refreshTokens];
    const res = await call(app.ctx, 'DELETE', '/google', { token: app.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ message: CALENDAR_MESSAGES.disconnected('google'), revoked: true });
    expect(app.google.seen.at(-1)).toMatchObject({
      method: 'POST',
      path: '/revoke',
      status: 200,
      body: { token: refresh },
    });
    // Meetings the bot joined stay; the others go.
    expect((await app.scheduled()).map((m) => m.meetingName).sort()).toEqual([
      'Customer demo',
      'Design review',
    ]);
    expect((await app.status()).data.find((c) => c.provider === 'google')).toMatchObject({
      connected: false,
      upcoming: 0,
    });
    expect((await call(app.ctx, 'DELETE', '/google', { token: app.token })).statusCode).toBe(404);
  });
});
