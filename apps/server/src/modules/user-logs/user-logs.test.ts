import { describe, expect, it } from 'vitest';
import type { LogEventPage, UserLogPage } from '@parley/contracts';
import { activityLog } from '../../platform/db/schema.js';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { call, json, type SignedIn } from '../../test/context.js';

let poc: SignedIn;
let member: SignedIn;
let manager: SignedIn;
let admin: SignedIn;
let outsider: SignedIn;
let acmeId: string;

/** Calls made in January 2020, far from the live log, so the counts below are exact. */
const JAN = (day: number, hour = 12) => new Date(Date.UTC(2020, 0, day, hour));
const JANUARY = `filter=createdAt:between:2020-01-01T00:00:00Z,2020-01-31T23:59:59Z`;

async function logCalls(user: SignedIn, at: Date, n: number, method = 'GET') {
  await ctx.database.db.insert(activityLog).values(
    Array.from({ length: n }, () => ({
      userId: user.user.id,
      organizationId: user.user.organizationId,
      method,
      path: '/api/v1/meetings',
      status: 200,
      durationMs: 3,
      createdAt: at,
    })),
  );
}

useTestApp(async ({ as }) => {
  poc = await as('poc');
  member = await as('member');
  manager = await as('manager');
  admin = await as('admin');
  outsider = await as('outsider');
  acmeId = poc.user.organizationId;
  await logCalls(member, JAN(3), 4);
  await logCalls(member, JAN(5), 2, 'POST');
  await logCalls(manager, JAN(5, 9), 1);
  await logCalls(poc, JAN(20), 3, 'DELETE');
  await logCalls(outsider, JAN(5), 7);
});

const get = (who: SignedIn, path: string) => call(ctx, 'GET', path, { token: who.accessToken });

describe('organisation logs (spec 3 §7 userlog/organization/{id})', () => {
  it("gives the point of contact each of their organisation's users with their calls and a per-day count", async () => {
    const res = await get(poc, `/userlog/organization/${acmeId}?${JANUARY}&size=100`);
    expect(res.statusCode).toBe(200);
    const page = json<UserLogPage>(res);
    const byEmail = new Map(page.data.map((e) => [e.email.email, e]));
    expect(byEmail.get('user@acme.parley.local')).toMatchObject({
      firstName: expect.any(String),
      activityCount: 6,
      lastActivityAt: '2020-01-05T12:00:00.000Z',
    });
    expect(byEmail.get('manager@acme.parley.local')?.activityCount).toBe(1);
    expect(byEmail.get('poc@acme.parley.local')?.activityCount).toBe(3);
    // The other organisation's calls are not theirs to see.
    expect(byEmail.has('lead@elsewhere.example')).toBe(false);
    expect(page.activityCount).toBe(10);
    expect(page.count).toBe(page.data.length);
    expect(page.days).toEqual([
      { date: '2020-01-03', count: 4 },
      { date: '2020-01-05', count: 3 },
      { date: '2020-01-20', count: 3 },
    ]);
    // Busiest first by default; users without calls in the range are listed with 0.
    expect(page.data[0]?.email.email).toBe('user@acme.parley.local');
    expect(page.data.at(-1)?.activityCount).toBe(0);
    expect(byEmail.get('user@acme.parley.local')?.search).toContain('user@acme.parley.local');
  });

  it('searches by name or e-mail, and the totals and days follow the search', async () => {
    const page = json<UserLogPage>(
      await get(poc, `/userlog/organization/${acmeId}?${JANUARY}&search=MANAGER@acme`),
    );
    expect(page.data.map((e) => e.email.email)).toEqual(['manager@acme.parley.local']);
    expect(page).toMatchObject({ count: 1, activityCount: 1 });
    expect(page.days).toEqual([{ date: '2020-01-05', count: 1 }]);
  });

  it('pages and sorts, keeping the totals of every matching user', async () => {
    const all = json<UserLogPage>(await get(poc, `/userlog/organization/${acmeId}?${JANUARY}`));
    const second = json<UserLogPage>(
      await get(poc, `/userlog/organization/${acmeId}?${JANUARY}&size=1&page=1`),
    );
    expect(second.data).toHaveLength(1);
    expect(second.data[0]?.email.email).toBe('poc@acme.parley.local');
    expect(second).toMatchObject({ count: all.count, activityCount: 10 });
    const beyond = json<UserLogPage>(
      await get(poc, `/userlog/organization/${acmeId}?${JANUARY}&size=10&page=50`),
    );
    expect(beyond).toMatchObject({ data: [], count: all.count, activityCount: 10 });
    const byEmail = json<UserLogPage>(
      await get(poc, `/userlog/organization/${acmeId}?${JANUARY}&sort=email:asc&size=100`),
    );
    const emails = byEmail.data.map((e) => e.email.email);
    expect(emails).toEqual([...emails].sort());
  });

  it('reads no range as 0..now, so live calls count', async () => {
    await get(member, '/auth/me');
    await expect
      .poll(async () => {
        const page = json<UserLogPage>(
          await get(poc, `/userlog/organization/${acmeId}?search=user@acme`),
        );
        return page.data[0]?.activityCount ?? 0;
      })
      .toBeGreaterThan(6);
  });

  it('refuses a malformed range filter with a clear message', async () => {
    const res = await get(poc, `/userlog/organization/${acmeId}?filter=createdAt:between:soon`);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toContain('createdAt:between');
  });
});

describe('calls between two instants (userlog/organization/{id}/timestamps/{from},{to})', () => {
  const path = (range: string, query = '') =>
    `/userlog/organization/${acmeId}/timestamps/${range}${query}`;

  it('lists the calls newest first, with the method filter and the count', async () => {
    const all = json<LogEventPage>(
      await get(poc, path('2020-01-01T00:00:00Z,2020-01-31T00:00:00Z', '?size=100')),
    );
    expect(all.activityCount).toBe(10);
    expect(all.data[0]).toMatchObject({
      method: 'DELETE',
      path: '/api/v1/meetings',
      createdAt: '2020-01-20T12:00:00.000Z',
      email: { email: 'poc@acme.parley.local' },
    });
    const from = JAN(5, 0).getTime();
    const to = JAN(6, 0).getTime();
    const posts = json<LogEventPage>(
      await get(poc, path(`${from},${to}`, '?filter=method:eq:POST')),
    );
    expect(posts.activityCount).toBe(2);
    expect(
      posts.data.every((e) => e.method === 'POST' && e.email.email === 'user@acme.parley.local'),
    ).toBe(true);
  });

  it('answers 400 for a range that is not {from},{to}', async () => {
    expect((await get(poc, path('yesterday'))).statusCode).toBe(400);
    expect(
      (await get(poc, path('2020-01-01T00:00:00Z,2020-01-31T00:00:00Z', '?filter=method:eq:FETCH')))
        .statusCode,
    ).toBe(400);
  });
});

describe('who reads which logs', () => {
  it('gives every organisation to the super admin only', async () => {
    const res = await get(admin, `/userlog/all?${JANUARY}&size=100`);
    expect(res.statusCode).toBe(200);
    const page = json<UserLogPage>(res);
    expect(page.activityCount).toBe(17);
    expect(page.data.find((e) => e.email.email === 'lead@elsewhere.example')?.activityCount).toBe(
      7,
    );
    expect((await get(poc, '/userlog/all')).statusCode).toBe(403);
    expect((await get(member, '/userlog/all')).statusCode).toBe(403);
    expect((await call(ctx, 'GET', '/userlog/all')).statusCode).toBe(401);
  });

  it("keeps a point of contact to their own organisation and plain users out of the organisation's logs", async () => {
    const elsewhere = outsider.user.organizationId;
    expect((await get(poc, `/userlog/organization/${elsewhere}`)).statusCode).toBe(404);
    expect((await get(poc, `/userlog/organization/not-an-id`)).statusCode).toBe(404);
    expect((await get(poc, `/userlog/organization/${elsewhere}/timestamps/0,1`)).statusCode).toBe(
      404,
    );
    expect((await get(member, `/userlog/organization/${acmeId}`)).statusCode).toBe(403);
    expect((await get(admin, `/userlog/organization/${elsewhere}?${JANUARY}`)).statusCode).toBe(
      200,
    );
  });

  it('lets a user read their own log, and the point of contact read their users', async () => {
    const own = await get(member, `/userlog/user/${member.user.id}?${JANUARY}`);
    expect(own.statusCode).toBe(200);
    expect(json<UserLogPage>(own)).toMatchObject({
      count: 1,
      activityCount: 6,
      days: [
        { date: '2020-01-03', count: 4 },
        { date: '2020-01-05', count: 2 },
      ],
    });
    expect((await get(member, `/userlog/user/${manager.user.id}`)).statusCode).toBe(404);
    expect((await get(poc, `/userlog/user/${member.user.id}`)).statusCode).toBe(200);
    expect((await get(outsider, `/userlog/user/${member.user.id}`)).statusCode).toBe(404);
    expect((await get(admin, `/userlog/user/${outsider.user.id}`)).statusCode).toBe(200);
  });
});
