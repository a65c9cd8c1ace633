import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { meetings, organizations, plans } from '../../platform/db/schema.js';
import { call, json, signIn, signUp, type TestContext } from '../../test/context.js';
import { remainingCredits } from '../../test/plans-kit.js';
import { createMediaContext } from '../../test/media.js';
import { searchTextOf } from '../meetings/index.js';

let ctx: TestContext;
/** The point of contact: a role with billing permission ('billing.manage'). */
let token: string;
/** A plain member, for the usage views every member reads. */
let userToken: string;
let org: string;

const remaining = () => remainingCredits(ctx, org);
const cut = (duration: number, t = token) =>
  call(ctx, 'POST', '/credits/cutCreditsForOffline', { token: t, payload: { duration } });

beforeAll(async () => {
  ctx = await createMediaContext();
  const s = await signIn(ctx, 'poc@acme.parley.local');
  token = s.accessToken;
  org = s.user.organizationId;
  userToken = (await signIn(ctx, 'user@acme.parley.local')).accessToken;
});
afterAll(async () => ctx?.close());

describe('analysis credits', () => {
  it('charges the minutes rounded up, atomically, and says what is left', async () => {
    const before = await remaining();
    expect(before).toBe(600); // the seeded Acme plan
    const res = await cut(2.5);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ data: { message: '3 credits used; 597 left' } });
    expect(await remaining()).toBe(597);
    // Ten charges at once: each is taken exactly once.
    const all = await Promise.all(Array.from({ length: 10 }, () => cut(1)));
    expect(all.every((r) => r.statusCode === 200)).toBe(true);
    expect(await remaining()).toBe(587);
    expect((await cut(0)).statusCode).toBe(400);
    expect((await cut(-3)).statusCode).toBe(400);
  });

  it('refuses members without billing permission with 403, taking nothing and not telling the balance', async () => {
    const before = await remaining();
    for (const email of ['rep@acme.parley.local', 'manager@acme.parley.local']) {
      const member = (await signIn(ctx, email)).accessToken;
      const res = await cut(584, member);
      expect(res.statusCode).toBe(403);
      expect(json(res)).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'You are not allowed to perform this operation',
      });
    }
    expect((await cut(1, userToken)).statusCode).toBe(403);
    expect(await remaining()).toBe(before);
  });

  it('refuses with 402 when the plan has fewer credits than the meeting needs, taking none', async () => {
    await ctx.database.db
      .update(plans)
      .set({ remainingCredits: 5 })
      .where(eq(plans.organizationId, org));
    const res = await cut(5.01);
    expect(res.statusCode).toBe(402);
    expect(json(res)).toEqual({
      statusCode: 402,
      error: 'Payment Required',
      message: 'Not enough credits to analyze this meeting: 6 minutes needed, 5 left',
    });
    expect(await remaining()).toBe(5);
    // Racing for the last credits: never below zero.
    const race = await Promise.all(Array.from({ length: 4 }, () => cut(2)));
    expect(race.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(await remaining()).toBe(1);
  });

  it('refuses an organisation without a plan', async () => {
    // A team sign-up starts on the free plan; take it away to reach an organisation without one.
    const fresh = await signUp(ctx, 'founder@newco.example', { organizationName: 'NewCo' });
    await ctx.database.db
      .update(organizations)
      .set({ planId: null })
      .where(eq(organizations.id, fresh.user.organizationId));
    const res = await cut(1, fresh.accessToken);
    expect(res.statusCode).toBe(402);
    expect(json(res).message).toBe('No Active Plan');
  });

  it('reports minutes per meeting and per day from the meetings’ lengths', async () => {
    const user = json<{ id: string }>(await call(ctx, 'GET', '/auth/me', { token: userToken }));
    const day = (d: string, h: number) => new Date(`${d}T${String(h).padStart(2, '0')}:00:00Z`);
    const rows = [
      { name: 'a', at: day('2030-05-01', 9), sec: 61 },
      { name: 'b', at: day('2030-05-01', 15), sec: 120 },
      { name: 'c', at: day('2030-05-03', 10), sec: 30 },
      { name: 'live', at: day('2030-05-03', 11), sec: null },
    ];
    await ctx.database.db.insert(meetings).values(
      rows.map((r) => ({
        organizationId: org,
        ownerId: user.id,
        meetingName: r.name,
        meetingCode: `${r.name}.mp4`,
        startTime: r.at,
        durationSec: r.sec,
        searchText: searchTextOf(`${r.name}.mp4`),
      })),
    );
    const byDay = await call(ctx, 'POST', '/plan/usage/day', { token: userToken, payload: {} });
    expect(json(byDay)).toEqual({
      data: {
        bundleUsage: {
          remainingCredits: 1,
          usedMinutes: 5,
          days: [
            { date: '2030-05-01', meetings: 2, minutes: 4 },
            { date: '2030-05-03', meetings: 1, minutes: 1 },
          ],
        },
      },
    });
    const ranged = await call(ctx, 'POST', '/plan/usage/day', {
      token: userToken,
      payload: { from: '2030-05-02', to: '2030-05-31' },
    });
    type Usage<T> = { data: { bundleUsage: T } };
    expect(json<Usage<{ usedMinutes: number }>>(ranged).data.bundleUsage.usedMinutes).toBe(1);
    const perMeeting = json<
      Usage<{
        count: number;
        usedMinutes: number;
        meetings: { meetingName: string; minutes: number }[];
      }>
    >(await call(ctx, 'POST', '/plan/meetings', { token: userToken })).data;
    expect(perMeeting.bundleUsage.count).toBe(3);
    expect(perMeeting.bundleUsage.usedMinutes).toBe(5);
    expect(perMeeting.bundleUsage.meetings.map((m) => [m.meetingName, m.minutes])).toEqual([
      ['c', 1],
      ['b', 2],
      ['a', 2],
    ]);
  });
});
