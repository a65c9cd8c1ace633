import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES } from '@parley/contracts';
import { startCalendarApp, fromNow, type CalendarApp } from '../../test/calendars-kit.js';
import { graphTime } from '../../test/microsoft-graph-stand-in.js';
import { call, json } from '../../test/context.js';
import { waitFor } from '../../test/media.js';

/**
 * Issue 18 item 3, Microsoft 365: OAuth on the identity platform stand-in, calendarView/delta
 * over pages, a reschedule, a deletion (`@removed`) and a cancellation, an expired delta
 * link (410), and a disconnect Microsoft cannot confirm.
 */

let app: CalendarApp;
const ME = 'ana@acme.parley.local';
const at = (start: number, end: number) => ({
  start: { dateTime: graphTime(fromNow(start)), timeZone: 'UTC' as const },
  end: { dateTime: graphTime(fromNow(end)), timeZone: 'UTC' as const },
});

beforeAll(async () => {
  app = await startCalendarApp();
  const g = app.graph;
  g.put({
    id: 'm-board',
    subject: 'Board prep',
    ...at(60, 90),
    isOrganizer: true,
    onlineMeeting: {
      joinUrl: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_B%40thread.v2/0',
    },
    organizer: { emailAddress: { address: ME } },
    attendees: [{ emailAddress: { address: 'bo@acme.parley.local' } }],
  });
  g.put({
    id: 'm-vendor',
    subject: 'Vendor call',
    ...at(120, 150),
    isOrganizer: false,
    onlineMeeting: null,
    body: {
      contentType: 'html',
      content:
        '<div>Join: <a href="https://zoom.us/j/7788990011?pwd=q">https://zoom.us/j/7788990011?pwd=q</a></div>',
    },
    organizer: { emailAddress: { address: 'sales@vendor.example' } },
  });
  g.put({ id: 'm-focus', subject: 'Focus time', ...at(30, 60), location: { displayName: 'Desk' } });
  g.put({
    id: 'm-retro',
    subject: 'Retro',
    ...at(200, 230),
    location: { displayName: 'https://meet.google.com/ret-roxx-abc' },
  });
}, 60_000);
afterAll(async () => app?.close());

const names = async () => (await app.scheduled()).map((m) => m.meetingName);

describe('Microsoft 365 calendar', () => {
  it('connects and schedules the events with a link, read over delta pages', async () => {
    const back = await app.connect('microsoft');
    expect(back.searchParams.get('calendarResult')).toBe('connected');
    const ms = await waitFor(
      async () => {
        const c = (await app.status()).data.find((x) => x.provider === 'microsoft');
        return c?.lastSyncAt ? c : undefined;
      },
      20_000,
      'the first sync',
    );
    expect(ms).toMatchObject({ connected: true, accountEmail: ME, upcoming: 3 });
    expect(await names()).toEqual(['Board prep', 'Vendor call', 'Retro']);
    const meetings = await app.scheduled();
    expect(meetings[1]?.meetingLink).toBe('https://zoom.us/j/7788990011?pwd=q');
    expect(meetings[0]?.startTime.slice(0, 16)).toBe(fromNow(60).slice(0, 16));
    const deltas = app.graph.seen.filter((s) => s.path.startsWith('/v1.0/me/calendarView/delta'));
    expect(deltas.length).toBe(2);
    expect(deltas[1]?.path).toContain('%24skiptoken=2');
    const events = await app.events();
    expect(events.map((e) => [e.title, e.hostedByMe, e.hasExternalGuests])).toEqual([
      ['Board prep', true, false],
      ['Vendor call', false, true],
      ['Retro', false, false],
    ]);
  });

  it('follows a reschedule, a deletion and a cancellation through the delta link', async () => {
    const board = (await app.scheduled())[0];
    app.graph.put({
      id: 'm-board',
      subject: 'Board prep',
      ...at(240, 270),
      isOrganizer: true,
      onlineMeeting: {
        joinUrl: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_B%40thread.v2/0',
      },
    });
    app.graph.remove('m-vendor');
    app.graph.put({
      id: 'm-retro',
      subject: 'Retro',
      ...at(200, 230),
      isCancelled: true,
      location: { displayName: 'https://meet.google.com/ret-roxx-abc' },
    });
    const before = app.graph.seen.length;
    await app.sync('microsoft');
    const reads = app.graph.seen
      .slice(before)
      .filter((s) => s.path.startsWith('/v1.0/me/calendarView/delta'));
    expect(
      reads.every((s) => s.path.includes('%24deltatoken=') || s.path.includes('$deltatoken=')),
    ).toBe(true);
    const after = await app.scheduled();
    expect(after.map((m) => m.meetingName)).toEqual(['Board prep']);
    expect(after[0]?.id).toBe(board?.id);
    expect(after[0]?.startTime.slice(0, 16)).toBe(fromNow(240).slice(0, 16));
  });

  it('reads the window again when the delta link has expired (410)', async () => {
    app.graph.expireDeltaTokens();
    app.graph.put({
      id: 'm-new',
      subject: 'Onboarding',
      ...at(300, 330),
      onlineMeeting: {
        joinUrl: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_N%40thread.v2/0',
      },
    });
    const before = app.graph.seen.length;
    await app.sync('microsoft');
    const reads = app.graph.seen
      .slice(before)
      .filter((s) => s.path.startsWith('/v1.0/me/calendarView/delta'));
    expect(reads[0]?.status).toBe(410);
    expect(reads[1]?.path).toContain('startDateTime=');
    expect(await names()).toEqual(['Board prep', 'Onboarding']);
  });

  it('disconnects even though Microsoft cannot revoke one app’s token, and says so', async () => {
    const res = await call(app.ctx, 'DELETE', '/microsoft', { token: app.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      message: CALENDAR_MESSAGES.notRevoked('microsoft'),
      revoked: false,
    });
    expect(await names()).toEqual([]);
    expect((await app.status()).data.find((c) => c.provider === 'microsoft')?.connected).toBe(
      false,
    );
  });
});
