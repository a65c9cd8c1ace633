import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEETING_STAGES, type Meeting } from '@parley/contracts';
import { meetingShares, meetings } from '../../platform/db/schema.js';
import { call, expectRefusal, json, signIn, signUp, type TestContext } from '../../test/context.js';
import { createMediaContext } from '../../test/media.js';
import { searchTextOf } from './view.js';

let ctx: TestContext;
const tokens: Record<'user' | 'rep' | 'poc', string> = { user: '', rep: '', poc: '' };
const ids: Record<'user' | 'rep', string> = { user: '', rep: '' };
const HOUR = 3600 * 1000;
let base: number;

type List = { data: Meeting[]; count: number };
const list = async (who: keyof typeof tokens, path: string) => {
  const res = await call(ctx, 'GET', path, { token: tokens[who] });
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return json<List>(res);
};
const names = (l: List) => l.data.map((m) => m.meetingName);

beforeAll(async () => {
  ctx = await createMediaContext();
  for (const who of ['user', 'rep', 'poc'] as const) {
    const s = await signIn(ctx, `${who}@acme.parley.local`);
    tokens[who] = s.accessToken;
    if (who !== 'poc') ids[who] = s.user.id;
  }
  const me = json<{ organizationId: string }>(
    await call(ctx, 'GET', '/auth/me', { token: tokens.user }),
  );
  base = Date.parse('2031-03-10T12:00:00Z');
  // 24 meetings of the user an hour apart (created in the same order), 4 of the rep.
  const rows = Array.from({ length: 28 }, (_, i) => {
    const owner = i < 24 ? ids.user : ids.rep;
    const name =
      i === 5
        ? '100% Deal'
        : `${i % 3 === 0 ? 'Alpha' : 'Beta'} call ${String(i).padStart(2, '0')}`;
    const at = new Date(base + i * HOUR);
    return {
      organizationId: me.organizationId,
      ownerId: owner,
      meetingName: name,
      meetingCode: `${name}.mp4`,
      title: i === 7 ? 'Renewal with Globex' : null,
      stage: MEETING_STAGES[i % MEETING_STAGES.length],
      type: i === 23 ? 'live' : 'offline',
      inferenceStatus: i % 4 === 0 ? ('processed' as const) : ('uploaded' as const),
      storageProvider: i % 5 === 0 ? ('aws' as const) : ('local' as const),
      startTime: at,
      durationSec: i === 23 ? null : (i * 37) % 500,
      searchText: searchTextOf(`${name}.mp4`, i === 7 ? 'Renewal with Globex' : null),
      createdAt: at,
      updatedAt: at,
    };
  });
  const inserted = await ctx.database.db
    .insert(meetings)
    .values(rows)
    .returning({ id: meetings.id });
  // Two of the rep's meetings are shared with the user.
  await ctx.database.db
    .insert(meetingShares)
    .values([24, 25].map((i) => ({ meetingId: inserted[i]!.id, userId: ids.user })));
});
afterAll(async () => ctx?.close());

describe('meeting lists', () => {
  it('pages the meetings a member may see, newest first, with the total count', async () => {
    const p0 = await list('user', '/meeting/user');
    expect(p0.count).toBe(26); // 24 own + 2 shared, not the rep's other 2
    expect(p0.data).toHaveLength(10);
    expect(p0.data[0]?.meetingName).toBe('Beta call 25');
    const created = p0.data.map((m) => Date.parse(m.createdAt));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
    const p2 = await list('user', '/meeting/user?page=2&size=10');
    expect(p2.data).toHaveLength(6);
    const all = [...p0.data, ...(await list('user', '/meeting/user?page=1')).data, ...p2.data];
    expect(new Set(all.map((m) => m.id)).size).toBe(26);
    // Past the last page: no rows, and still the total for the pager.
    expect(await list('user', '/meeting/user?page=9')).toEqual({ data: [], count: 26 });
  });

  it('shows the poc the whole organisation, and the rep only their own', async () => {
    expect((await list('poc', '/meeting/user?size=1')).count).toBe(28);
    expect((await list('rep', '/meeting/user')).count).toBe(4);
  });

  it('searches name, file name and title case-insensitively, % and _ being literal', async () => {
    expect((await list('user', '/meeting/user?search=ALPHA&size=100')).count).toBe(9);
    expect(names(await list('user', '/meeting/user?search=100%25'))).toEqual(['100% Deal']);
    expect((await list('user', '/meeting/user?search=%25')).count).toBe(1);
    expect((await list('user', '/meeting/user?search=_')).count).toBe(0);
    expect(names(await list('user', '/meeting/user?search=globex'))).toEqual(['Beta call 07']);
    expect((await list('user', '/meeting/user?search=.mp4&size=1')).count).toBe(26);
  });

  it('filters by stage, status, store and start date; equal from and to are dropped', async () => {
    const stage = await list('user', '/meeting/user?stage=discovery_stage&size=100');
    expect(stage.data.every((m) => m.stage === 'discovery_stage')).toBe(true);
    expect(stage.count).toBe(4); // i = 3, 9, 15, 21 (27 is the rep's, not shared)
    const processed = await list('user', '/meeting/user?status=processed&size=100');
    expect(processed.count).toBe(7); // i = 0, 4, …, 20 and the shared 24
    expect((await list('user', '/meeting/user?providerName=aws')).count).toBe(6); // 0,5,…,20,25
    const day = '2031-03-11';
    const sameDay = await list('user', `/meeting/user?from=${day}&to=${day}`);
    expect(sameDay.count).toBe(26);
    const fromNext = await list('user', `/meeting/user?from=${day}&size=100`);
    expect(fromNext.count).toBe(14); // 12:00 on the 10th + 12 h = midnight: i >= 12
    const untilFirst = await list('user', '/meeting/user?to=2031-03-10&size=100');
    expect(untilFirst.count).toBe(12); // the whole day of the 10th
    const exact = await list(
      'user',
      `/meeting/user?from=${new Date(base + 2 * HOUR).toISOString()}&to=${new Date(base + 4 * HOUR).toISOString()}`,
    );
    expect(names(exact)).toEqual(['Beta call 04', 'Alpha call 03', 'Beta call 02']);
  });

  it('sorts by name, duration (unknown last) and start, ties broken stably', async () => {
    const byName = await list('user', '/meeting/user?order=meetingName:asc&size=3');
    expect(names(byName)).toEqual(['100% Deal', 'Alpha call 00', 'Alpha call 03']);
    const longest = await list('user', '/meeting/user?order=duration:desc&size=100');
    const durations = longest.data.map((m) => m.durationSec);
    expect(durations.at(-1)).toBeNull();
    const known = durations.filter((d): d is number => d !== null);
    expect([...known].sort((a, b) => b - a)).toEqual(known);
    const earliest = await list('user', '/meeting/user?order=startTime:asc&size=1');
    expect(names(earliest)).toEqual(['Alpha call 00']);
    const bad = await call(ctx, 'GET', '/meeting/user?order=password:asc', { token: tokens.user });
    expect(bad.statusCode).toBe(400);
    const huge = await call(ctx, 'GET', '/meeting/user?size=1000', { token: tokens.user });
    expect(huge.statusCode).toBe(400);
  });

  it('has past, scheduled, report and assistant views', async () => {
    // The clock stands before all of them: every meeting is in the future.
    expect((await list('user', '/meeting/user/past')).count).toBe(0);
    expect((await list('user', '/meeting/user/schedule')).count).toBe(26);
    ctx.clock.advance(base + 10.5 * HOUR - Date.now());
    tokens.user = (await signIn(ctx, 'user@acme.parley.local')).accessToken;
    expect((await list('user', '/meeting/user/past')).count).toBe(11); // i = 0..10
    // 11..22, the shared 24 and 25, and the live 23 (never processed).
    expect((await list('user', '/meeting/user/schedule')).count).toBe(15);
    const reports = await list('user', '/meeting/user/reports?size=100');
    expect(reports.data.every((m) => m.inferenceStatus === 'processed')).toBe(true);
    expect(reports.count).toBe(7);
  });

  it('lists what is shared with me', async () => {
    const shared = await list('user', '/share');
    expect(names(shared)).toEqual(['Beta call 25', 'Alpha call 24']);
    expect(shared.data.every((m) => m.ownerId === ids.rep)).toBe(true);
    expect((await list('user', '/share?search=alpha')).count).toBe(1);
  });

  it('lists call intelligence: visible sales calls with their analysis processed', async () => {
    // The clock moved on in an earlier test: fresh tokens for the others.
    for (const who of ['rep', 'poc'] as const) {
      tokens[who] = (await signIn(ctx, `${who}@acme.parley.local`)).accessToken;
    }
    const calls = await list('user', '/meeting/callIntelligence?size=100');
    // Processed and visible: 0, 4, …, 20 and the shared 24; 0, 12 and 24 are basic meetings.
    expect(names(calls).sort()).toEqual([
      'Beta call 04',
      'Beta call 08',
      'Beta call 16',
      'Beta call 20',
    ]);
    expect(calls.count).toBe(4);
    expect(calls.data.every((m) => m.stage !== 'basic_meeting')).toBe(true);
    const paged = await list('user', '/meeting/callIntelligence?size=3&page=1');
    expect(paged).toMatchObject({ count: 4, data: [{ meetingName: 'Beta call 04' }] });
    expect((await list('user', '/meeting/callIntelligence?search=16')).count).toBe(1);
    // The poc sees the organisation's; the rep's only processed call is a basic meeting.
    expect((await list('poc', '/meeting/callIntelligence')).count).toBe(4);
    expect((await list('rep', '/meeting/callIntelligence')).count).toBe(0);
  });

  it('refuses call intelligence to an organisation without Sales Intelligence', async () => {
    const other = await signUp(ctx, 'lead@elsewhere.example', { organizationName: 'Elsewhere' });
    const res = await call(ctx, 'GET', '/meeting/callIntelligence', { token: other.accessToken });
    expect(res.statusCode).toBe(403);
    expectRefusal(res, 403, 'No Sales Intelligence available');
  });
});
