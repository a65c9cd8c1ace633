import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  Deal,
  MeetingStage,
  SalesAccount,
  SalesMeeting,
  SalesPerformance,
} from '@parley/contracts';
import { meetingInsights, meetings, users } from '../../platform/db/schema.js';
import { ctx, FIXTURE, RECOMPUTED, useSalesApp, type Stored } from '../../test/sales-kit.js';

/**
 * Issue 16: the teams and deals view (spec 2 §7 meeting/user/sales, manager/sales,
 * getAllUsers, sales/performance, deals/amount): performance figures equal the analytics they
 * come from, the lists' filters and paging, the deals' amounts, and the kept totals following
 * the calls.
 */
const { who, send, ok, salesCall, score } = useSalesApp();
type Token = string;

let repId2 = '';
beforeAll(async () => {
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      organizationId: who.poc.user.organizationId,
      email: 'second.rep@acme.parley.local',
      firstName: 'Robin',
      lastName: 'Second',
      role: 'salesRep',
      salesManagerId: who.manager.user.id,
    })
    .returning();
  repId2 = row!.id;
});

describe('the teams and deals view', () => {
  const perf = (token: Token, query: string) =>
    ok<SalesPerformance>(token, 'GET', `/meeting/sales/performance${query}`);
  const stored = FIXTURE.analytics as unknown as Stored;
  const recomputed = RECOMPUTED as unknown as Stored;
  const mean = (xs: number[]) =>
    Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 100) / 100;
  const fillersOf = (a: Stored, voice: string) =>
    a.fillerWords.filter((f) => f.speaker === voice).length;
  const calls = { rep: [] as string[], rep2: [] as string[], member: '' };
  let deal: Deal;
  let account: SalesAccount;

  beforeAll(async () => {
    const m = who.manager.accessToken;
    account = await ok<SalesAccount>(m, 'POST', '/sales/accounts', { name: 'Umbrella' });
    deal = await ok<Deal>(m, 'POST', '/sales/deals', {
      name: 'Umbrella renewal',
      accountId: account.id,
      stage: 'qualification_stage',
      ownerId: who.rep.user.id,
    });
    // The rep: two qualification calls, the rep the first voice (speaker_00); one recomputed.
    calls.rep.push(await salesCall(who.rep.user.id, 'qualification_stage'));
    calls.rep.push(
      await salesCall(who.rep.user.id, 'qualification_stage', { analytics: 'recomputed' }),
    );
    // Robin: the meeting names speaker_01 with Robin's name, so Robin is that voice.
    calls.rep2.push(
      await salesCall(repId2, 'qualification_stage', {
        names: { speaker_01: 'Robin Second', speaker_00: 'A Customer' },
      }),
    );
    // Someone outside the manager's team.
    calls.member = await salesCall(who.member.user.id, 'qualification_stage');
    await ok(who.rep.accessToken, 'PUT', `/meeting/${calls.rep[0]}/deal`, { dealId: deal.id });
    await score(calls.rep[0]!, 'Charisma', 80);
    await score(calls.rep[1]!, 'Charisma', 60);
    await score(calls.rep2[0]!, 'Charisma', 90);
  });

  it('gives per rep and stage the means of the stored analytics, with the calls behind them', async () => {
    const result = await perf(who.manager.accessToken, '?stage=qualification_stage');
    expect(result.stages.map((s) => s.stage)).toEqual(['qualification_stage']);
    const stage = result.stages[0]!;
    const byId = new Map(stage.reps.map((r) => [r.userId, r]));
    // The manager's team only: the member's call is not theirs to review.
    expect([...byId.keys()].sort()).toEqual([who.rep.user.id, repId2].sort());

    const rep = byId.get(who.rep.user.id)!;
    // Over every rep, how many calls are behind each figure, not which.
    expect(rep.callsCount).toBe(2);
    expect(rep.meetingIds).toBeUndefined();
    expect(rep.signals.talkRatio).toEqual({
      value: mean([stored.talkTimePercent.speaker_00!, recomputed.talkTimePercent.speaker_00!]),
      count: 2,
    });
    expect(rep.signals.longestMonologueSec.value).toBe(
      mean([stored.longestMonologueSec, recomputed.longestMonologueSec]),
    );
    expect(rep.signals.speakingRate.value).toBe(
      mean([stored.wordsPerMinute.speaker_00!, recomputed.wordsPerMinute.speaker_00!]),
    );
    expect(rep.signals.interactivity.value).toBe(
      mean([stored.interactivity.switchesPerMinute, recomputed.interactivity.switchesPerMinute]),
    );
    expect(rep.signals.fillerWords.value).toBe(
      mean([fillersOf(stored, 'speaker_00'), fillersOf(recomputed, 'speaker_00')]),
    );
    // Only the recomputed call has its questions counted (the stored fixture predates them).
    expect(stored.questionsPerSpeaker).toBeUndefined();
    expect(rep.signals.questions).toEqual({
      value: recomputed.questionsPerSpeaker!.speaker_00 ?? 0,
      count: 1,
    });
    expect(rep.scores).toEqual([{ promptName: 'Charisma', value: 70, count: 2 }]);

    const robin = byId.get(repId2)!;
    expect(robin.name).toBe('Robin Second');
    expect(robin.signals.talkRatio.value).toBe(stored.talkTimePercent.speaker_01);
    expect(robin.signals.speakingRate.value).toBe(stored.wordsPerMinute.speaker_01);
    expect(robin.signals.fillerWords.value).toBe(fillersOf(stored, 'speaker_01'));

    // The team's best: the lower talk ratio, the higher prompt score; speaking rate the mean.
    const best = [rep, robin].reduce((a, b) =>
      a.signals.talkRatio.value! <= b.signals.talkRatio.value! ? a : b,
    );
    expect(stage.benchmark.signals.talkRatio).toEqual({
      value: best.signals.talkRatio.value,
      userId: best.userId,
      count: best.signals.talkRatio.count,
    });
    expect(stage.benchmark.scores).toEqual([
      { promptName: 'Charisma', value: 90, userId: repId2, count: 1 },
    ]);
    expect(stage.benchmark.signals.speakingRate).toMatchObject({
      userId: null,
      value: mean([
        stored.wordsPerMinute.speaker_00!,
        recomputed.wordsPerMinute.speaker_00!,
        stored.wordsPerMinute.speaker_01!,
      ]),
    });

    // One rep and one stage: the calls behind each figure, to open them.
    const one = (
      await perf(who.manager.accessToken, `?stage=qualification_stage&nameId=${who.rep.user.id}`)
    ).stages[0]!;
    const only = one.reps[0]!;
    expect(one.reps).toHaveLength(1);
    expect(only.meetingIds?.sort()).toEqual([...calls.rep].sort());
    expect(only.signals.talkRatio).toEqual({ ...rep.signals.talkRatio, meetingIds: calls.rep });
    expect(only.signals.questions.meetingIds).toEqual([calls.rep[1]]);
    expect(only.scores).toEqual([
      { promptName: 'Charisma', value: 70, count: 2, meetingIds: calls.rep },
    ]);
    expect(one.benchmark.scores).toEqual([
      {
        promptName: 'Charisma',
        value: 70,
        count: 2,
        meetingIds: calls.rep,
        userId: who.rep.user.id,
      },
    ]);

    // The manager opens the calls behind a figure.
    expect((await send(who.manager.accessToken, 'GET', `/meeting/${calls.rep2[0]}`)).status).toBe(
      200,
    );
  });

  it('filters by rep, opportunity and account; the point of contact sees the whole organisation', async () => {
    const m = who.manager.accessToken;
    const onlyRobin = await perf(m, `?nameId=${repId2}`);
    expect(onlyRobin.stages.flatMap((s) => s.reps.map((r) => r.userId))).toEqual([repId2]);
    const repCalls = (p: SalesPerformance) =>
      p.stages.flatMap((s) => s.reps.map((r) => [r.userId, r.callsCount]));
    expect(repCalls(await perf(m, `?opportunity=${deal.id}`))).toEqual([[who.rep.user.id, 1]]);
    expect(repCalls(await perf(m, `?account=${account.id}`))).toEqual([[who.rep.user.id, 1]]);
    const theRep = `&stage=qualification_stage&nameId=${who.rep.user.id}`;
    const byDeal = await perf(m, `?opportunity=${deal.id}${theRep}`);
    expect(byDeal.stages.flatMap((s) => s.reps.flatMap((r) => r.meetingIds))).toEqual([
      calls.rep[0],
    ]);
    const byAccount = await perf(m, `?account=${account.id}${theRep}`);
    expect(byAccount.stages.flatMap((s) => s.reps.flatMap((r) => r.meetingIds))).toEqual([
      calls.rep[0],
    ]);
    const everyone = await perf(who.poc.accessToken, '?stage=qualification_stage');
    expect(everyone.stages[0]!.reps.map((r) => r.userId)).toContain(who.member.user.id);
    expect((await send(who.rep.accessToken, 'GET', '/meeting/sales/performance')).status).toBe(403);
  });

  it('sums the team’s deals by stage and currency', async () => {
    const m = who.manager.accessToken;
    // Deals of two stages and two currencies, the rep's and the manager's, and one outside
    // the team.
    for (const [stage, currency, amount, ownerId] of [
      ['discovery_stage', 'USD', 1000, who.rep.user.id],
      ['discovery_stage', 'USD', 2500.5, undefined],
      ['discovery_stage', 'EUR', 700, who.rep.user.id],
      ['negotiation_close_stage', 'USD', 9000, repId2],
      ['negotiation_close_stage', 'USD', 4000, who.member.user.id],
    ] as const) {
      await ok<Deal>(m, 'POST', '/sales/deals', {
        name: `Amount ${stage} ${currency} ${amount}`,
        stage,
        currency,
        amount,
        ...(ownerId ? { ownerId } : {}),
      });
    }
    const all: Deal[] = [];
    for (let page = 0; ; page++) {
      const p = await ok<{ data: Deal[]; count: number }>(
        m,
        'GET',
        `/sales/deals?size=100&page=${page}`,
      );
      all.push(...p.data);
      if (all.length >= p.count) break;
    }
    const team = new Set([who.manager.user.id, who.rep.user.id, repId2]);
    const expected = new Map<string, { total: number; count: number }>();
    for (const d of all.filter((x) => x.ownerId && team.has(x.ownerId))) {
      const k = `${d.stage}|${d.currency}`;
      const e = expected.get(k) ?? { total: 0, count: 0 };
      expected.set(k, { total: e.total + d.amount, count: e.count + 1 });
    }
    const { data } = await ok<{
      data: { stage: string; currency: string; totalAmount: number; count: number }[];
    }>(m, 'GET', '/meeting/deals/amount');
    expect(data.length).toBeGreaterThan(1);
    expect(
      Object.fromEntries(
        data.map((d) => [`${d.stage}|${d.currency}`, { total: d.totalAmount, count: d.count }]),
      ),
    ).toEqual(
      Object.fromEntries(
        [...expected].map(([k, v]) => [
          k,
          { total: Math.round(v.total * 100) / 100, count: v.count },
        ]),
      ),
    );
    const one = await ok<{ data: { stage: string }[] }>(
      m,
      'GET',
      '/meeting/deals/amount?stage=qualification_stage',
    );
    expect(one.data.map((d) => d.stage)).toEqual(['qualification_stage']);
  });

  it('lists the sales calls with owner, score and deal filters, paged', async () => {
    const m = who.manager.accessToken;
    type Page = { data: SalesMeeting[]; count: number };
    const team = await ok<Page>(
      m,
      'GET',
      '/meeting/manager/sales?stage=qualification_stage&size=2',
    );
    expect(team.count).toBe(3); // the rep's two and Robin's, not the member's
    expect(team.data).toHaveLength(2);
    const rest = await ok<Page>(
      m,
      'GET',
      '/meeting/manager/sales?stage=qualification_stage&size=2&page=1',
    );
    expect([...team.data, ...rest.data].map((c) => c.id).sort()).toEqual(
      [...calls.rep, ...calls.rep2].sort(),
    );

    const scored = await ok<Page>(m, 'GET', '/meeting/manager/sales?minScore=75&maxScore=85');
    expect(scored.data.map((c) => [c.id, c.score])).toEqual([[calls.rep[0], 80]]);
    // Limits with a fraction (the route fuzzer's 5e-324 was a 500: sent as an integer).
    const fractional = await ok<Page>(
      m,
      'GET',
      '/meeting/manager/sales?minScore=79.5&maxScore=80.5',
    );
    expect(fractional.data.map((c) => c.id)).toEqual([calls.rep[0]]);
    const tiny = await ok<Page>(m, 'GET', '/meeting/manager/sales?minScore=5e-324&maxScore=5e-324');
    expect(tiny.count).toBe(0);
    const byDeal = await ok<Page>(m, 'GET', `/meeting/manager/sales?deal=${deal.id}`);
    expect(byDeal.data.map((c) => c.deal?.name)).toEqual(['Umbrella renewal']);
    // The account's: the calls of its deals, counted by the server.
    const byAccount = await ok<Page>(m, 'GET', `/meeting/manager/sales?account=${account.id}`);
    expect(byAccount).toMatchObject({ count: 1, data: [{ id: calls.rep[0] }] });
    const mineByAccount = await ok<Page>(
      who.rep.accessToken,
      'GET',
      `/meeting/user/sales?account=${account.id}&nameId=${who.rep.user.id}`,
    );
    expect(mineByAccount.data.map((c) => c.id)).toEqual([calls.rep[0]]);
    const other = await ok<SalesAccount>(m, 'POST', '/sales/accounts', { name: 'No calls' });
    expect((await ok<Page>(m, 'GET', `/meeting/manager/sales?account=${other.id}`)).count).toBe(0);
    const byName = await ok<Page>(m, 'GET', `/meeting/manager/sales?nameId=${repId2}`);
    expect(byName.data.map((c) => c.ownerName)).toEqual(['Robin Second']);

    // The rep's own list: their calls only, not Robin's.
    const own = await ok<Page>(
      who.rep.accessToken,
      'GET',
      '/meeting/user/sales?stage=qualification_stage&size=100',
    );
    expect(own.data.map((c) => c.id).sort()).toEqual([...calls.rep].sort());
    expect((await send(who.rep.accessToken, 'GET', '/meeting/manager/sales')).status).toBe(403);
    // The manager's own list has none of the team's.
    expect((await ok<Page>(m, 'GET', '/meeting/user/sales')).count).toBe(0);
  });

  it('gives the filters’ names, deals and accounts of the team', async () => {
    const f = await ok<{
      names: { id: string; salesManagerId: string | null }[];
      deals: { id: string }[];
      accounts: { name: string }[];
    }>(who.manager.accessToken, 'GET', '/meeting/getAllUsers');
    expect(f.names.map((n) => n.id).sort()).toEqual(
      [who.manager.user.id, who.rep.user.id, repId2].sort(),
    );
    // Who reports to whom, for the Teams view's groups.
    expect(f.names.find((n) => n.id === who.rep.user.id)?.salesManagerId).toBe(who.manager.user.id);
    expect(f.names.find((n) => n.id === who.manager.user.id)?.salesManagerId).toBeNull();
    expect(f.deals.map((d) => d.id)).toContain(deal.id);
    expect(f.accounts.map((a) => a.name)).toContain('Umbrella');
  });

  it('reads the rep’s voice again when the call’s speakers are named', async () => {
    const id = await salesCall(who.rep.user.id, 'prospecting_stage');
    const repOf = async () =>
      (await perf(who.manager.accessToken, `?stage=prospecting_stage&nameId=${who.rep.user.id}`))
        .stages[0]!.reps[0]!;
    const before = await repOf();
    expect(before.signals.talkRatio.value).toBe(stored.talkTimePercent.speaker_00);
    // The rep says the second voice is theirs: their figures are that voice's from now on.
    await ok(who.rep.accessToken, 'PATCH', '/meeting/participant', {
      meetingId: id,
      additionalDetails: { speaker_01: who.rep.user.email },
    });
    const after = await repOf();
    expect(after.meetingIds).toEqual([id]);
    expect(after.signals.talkRatio.value).toBe(stored.talkTimePercent.speaker_01);
    expect(after.signals.speakingRate.value).toBe(stored.wordsPerMinute.speaker_01);
    expect(after.signals.fillerWords.value).toBe(fillersOf(stored, 'speaker_01'));
  });

  it('keeps the team’s kept totals in step with the calls as they change', async () => {
    const db = ctx.database.db;
    const repIn = async (stage: MeetingStage) =>
      (await perf(who.manager.accessToken, `?stage=${stage}`)).stages[0]?.reps.find(
        (r) => r.userId === who.rep.user.id,
      );
    const id = await salesCall(who.rep.user.id, 'solution_presentation_stage');
    await score(id, 'Charisma', 50);
    expect(await repIn('solution_presentation_stage')).toMatchObject({
      callsCount: 1,
      scores: [{ promptName: 'Charisma', value: 50, count: 1 }],
    });
    // The prompt answered again.
    await db
      .update(meetingInsights)
      .set({ result: { score: 70, insights: [], tags: [] } })
      .where(eq(meetingInsights.meetingId, id));
    expect((await repIn('solution_presentation_stage'))?.scores[0]?.value).toBe(70);
    // Moved to another stage.
    await db.update(meetings).set({ stage: 'negotiation_close_stage' }).where(eq(meetings.id, id));
    expect(await repIn('solution_presentation_stage')).toBeUndefined();
    const moved = await repIn('negotiation_close_stage');
    expect(moved).toMatchObject({ callsCount: 1 });
    expect(moved?.signals.talkRatio.value).toBe(stored.talkTimePercent.speaker_00);
    // Analysed again: out of the figures while it runs, back once it is done.
    await db.update(meetings).set({ inferenceStatus: 'analysing' }).where(eq(meetings.id, id));
    expect(await repIn('negotiation_close_stage')).toBeUndefined();
    await db.update(meetings).set({ inferenceStatus: 'processed' }).where(eq(meetings.id, id));
    expect(await repIn('negotiation_close_stage')).toMatchObject({ callsCount: 1 });
    // Deleted.
    await ok(who.rep.accessToken, 'DELETE', `/meeting/${id}`);
    expect(await repIn('negotiation_close_stage')).toBeUndefined();
  });
});
