import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalendarApp, fromNow, type CalendarApp } from '../../test/calendars-kit.js';
import { call } from '../../test/context.js';
import { waitFor } from '../../test/media.js';

/**
 * Issue 18 item 3: the bot service refuses the first call at an event's start. The join job
 * shows why on the event, tries again, and the bot is sent once it answers — and only once.
 */

let app: CalendarApp;

beforeAll(async () => {
  app = await startCalendarApp({ failingJoins: 1 });
}, 60_000);
afterAll(async () => app?.close());

describe('a refused join', () => {
  it('is retried until the bot service answers, then never again', async () => {
    await app.connect('google');
    await waitFor(
      async () => ((await app.status()).data[0]?.lastSyncAt ? true : undefined),
      20_000,
      'the first sync',
    );
    const rule = await call(app.ctx, 'PATCH', '/calendars/auto-join', {
      token: app.token,
      payload: { rule: 'all' },
    });
    expect(rule.statusCode).toBe(200);
    app.google.put({
      id: 'r-1',
      summary: 'Renewal call',
      start: { dateTime: fromNow(0.03) },
      end: { dateTime: fromNow(30) },
      hangoutLink: 'https://meet.google.com/ren-ewal-abc',
    });
    await app.sync('google');
    await app.waitForBots(2, 30_000);
    const joined = await waitFor(
      async () => {
        const e = (await app.events()).find((x) => x.title === 'Renewal call');
        return e?.joinedAt ? e : undefined;
      },
      10_000,
      'the join to be kept',
    );
    // The failure was kept while it retried, and cleared by the join.
    expect(joined.joinError).toBeNull();
    await app.sync('google');
    await new Promise((r) => setTimeout(r, 2500));
    expect(app.bots.map((b) => b.meetingName)).toEqual(['Renewal call', 'Renewal call']);
    const jobs = await app.joinJobs(await app.eventIdOf(joined.meetingId));
    expect(jobs.map((j) => j.state)).toEqual(['completed']);
  });
});
