import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  Deal,
  DealContact,
  DealWarning,
  HomeSummary,
  Meeting,
  SalesMeeting,
  Tracker,
  TrackerWeeklyCounts,
} from '@parley/contracts';
import { dealStageChanges, deals, meetingInsights } from '../../platform/db/schema.js';
import { ctx, useSignedInApp } from '../../test/app-kit.js';
import { call, json } from '../../test/context.js';
import { grantBundle } from '../../test/plans-kit.js';
import { insertMeeting, saveTranscript } from '../../test/transcripts-kit.js';
import { waitFor } from '../../test/media.js';

/**
 * Issue 16 item 5 through the API: a deal's calls, contacts and stage history seeded, its
 * warnings computed by the job that linking, a stage change or a contact change queues, and
 * read on the deal, the deal lists, the sales calls list and the manager's home. A healthy
 * deal beside it carries none. Another organisation sees neither.
 */
const who = useSignedInApp(['manager', 'rep', 'outsider'], async ({ ctx, who }) => {
  await grantBundle(ctx, who.outsider.user.organizationId, 'Sales Suite');
});

const DAY = 24 * 3600 * 1000;
const daysAgo = (n: number) => new Date(ctx.clock.now().getTime() - n * DAY);

const ok = async <T>(
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  path: string,
  payload?: unknown,
) => {
  const res = await call(ctx, method, path, { token, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
  return json<T>(res);
};

/** Words as the speech step stores them, from [speaker, text] lines. */
function words(lines: [speaker: string, text: string][]) {
  const out: { word: string; start: number; end: number; speaker: string; confidence: number }[] =
    [];
  let t = 0;
  for (const [speaker, text] of lines) {
    for (const word of text.split(' ')) {
      out.push({ word, start: t, end: t + 0.4, speaker, confidence: 0.9 });
      t += 0.5;
    }
  }
  return out;
}

let seq = 0;
/** A processed call of the rep's, with a transcript, action items, linked to `dealId`. */
async function linkedCall(
  dealId: string,
  opts: {
    startedDaysAgo: number;
    names: Record<string, string>;
    lines: [string, string][];
    actionItems: string[];
  },
) {
  const org = who.rep.user.organizationId;
  const id = await insertMeeting(ctx, org, who.rep.user.id, `warned call ${++seq}`, {
    stage: 'discovery_stage',
    startTime: daysAgo(opts.startedDaysAgo),
    additionalDetails: opts.names,
  });
  await saveTranscript(ctx, id, org, { words: words(opts.lines) });
  await ctx.database.db.insert(meetingInsights).values({
    meetingId: id,
    organizationId: org,
    promptName: 'Action Items',
    group: 'meeting',
    result: opts.actionItems,
    citations: { score: [], items: opts.actionItems.map(() => []) },
    provider: 'local',
    model: 'test',
  });
  await ok(who.rep.accessToken, 'PUT', `/meeting/${id}/deal`, { dealId });
  return id;
}

const getDeal = (id: string) => ok<Deal>(who.manager.accessToken, 'GET', `/sales/deals/${id}`);

/**
 * The deal once its warnings are as `expected` says: jobs queued while it was seeded (each
 * contact, the link) run one after another, each on what was stored by then.
 */
async function settled(id: string, expected: (d: Deal) => boolean): Promise<Deal> {
  return waitFor(
    async () => {
      const d = await getDeal(id);
      return d.warningsAt && expected(d) ? d : undefined;
    },
    20_000,
    'the deal warnings to settle',
  );
}

/** The deal once its warnings have been computed after `since` (the queued job ran). */
async function computedAfter(id: string, since: string | null): Promise<Deal> {
  return waitFor(
    async () => {
      const d = await getDeal(id);
      return d.warningsAt && (!since || d.warningsAt > since) ? d : undefined;
    },
    20_000,
    'the deal warnings job',
  );
}

/** Sets when the deal entered its current stage (its only history row so far). */
async function enteredStage(dealId: string, at: Date) {
  await ctx.database.db
    .update(dealStageChanges)
    .set({ changedAt: at })
    .where(eq(dealStageChanges.dealId, dealId));
}

const kinds = (d: { warnings: DealWarning[] }) => d.warnings.map((w) => w.kind).sort();

let risky: Deal;
let healthy: Deal;
let riskyCall = '';

beforeAll(async () => {
  const m = who.manager.accessToken;
  const org = who.manager.user.organizationId;
  // The organisation's history: five deals' finished stays in Discovery of 10, 12, 20, 30 and
  // 40 days (median 20), each followed by the next stage.
  for (const [i, stay] of [10, 12, 20, 30, 40].entries()) {
    const d = await ok<Deal>(m, 'POST', '/sales/deals', {
      name: `Closed history ${i}`,
      stage: 'discovery_stage',
    });
    await ctx.database.db.delete(dealStageChanges).where(eq(dealStageChanges.dealId, d.id));
    await ctx.database.db.insert(dealStageChanges).values([
      { organizationId: org, dealId: d.id, stage: 'discovery_stage', changedAt: daysAgo(100) },
      {
        organizationId: org,
        dealId: d.id,
        stage: 'solution_presentation_stage',
        changedAt: daysAgo(100 - stay),
      },
    ]);
    await ctx.database.db
      .update(deals)
      .set({ stage: 'solution_presentation_stage' })
      .where(eq(deals.id, d.id));
  }

  // At risk: quiet for 20 days, only Jane ever on a call, the customer never on pricing, a
  // vague last call, 30 days in Discovery.
  risky = await ok<Deal>(m, 'POST', '/sales/deals', {
    name: 'Initech roll-out',
    stage: 'discovery_stage',
    ownerId: who.rep.user.id,
  });
  await enteredStage(risky.id, daysAgo(30));
  for (const [name, email] of [
    ['Jane Buyer', 'jane@initech.example'],
    ['Omar Finance', 'omar@initech.example'],
  ]) {
    await ok<DealContact>(m, 'POST', `/sales/deals/${risky.id}/contacts`, { name, email });
  }
  riskyCall = await linkedCall(risky.id, {
    startedDaysAgo: 20,
    names: { speaker_00: 'Remy Rep', speaker_01: 'jane@initech.example' },
    lines: [
      ['speaker_00', 'Our pricing is per seat, with a discount for a year.'],
      ['speaker_01', 'Fine. Send over the security documents.'],
    ],
    actionItems: ['The team will follow up on security'],
  });

  // Healthy: a call two days ago with both contacts, the customer asking the price, a dated
  // next step, three days in Discovery.
  healthy = await ok<Deal>(m, 'POST', '/sales/deals', {
    name: 'Globex pilot',
    stage: 'discovery_stage',
    ownerId: who.rep.user.id,
  });
  await enteredStage(healthy.id, daysAgo(3));
  for (const [name, email] of [
    ['Hank Scorpio', 'hank@globex.example'],
    ['Mindy Ops', 'mindy@globex.example'],
  ]) {
    await ok<DealContact>(m, 'POST', `/sales/deals/${healthy.id}/contacts`, { name, email });
  }
  await linkedCall(healthy.id, {
    startedDaysAgo: 2,
    names: {
      speaker_00: 'Remy Rep',
      speaker_01: 'Hank Scorpio',
      speaker_02: 'mindy@globex.example',
    },
    lines: [
      ['speaker_00', 'Thanks both for joining.'],
      ['speaker_01', 'What would the price be for forty users?'],
      ['speaker_02', 'And the roll-out plan, please.'],
    ],
    actionItems: ['speaker_00 will send the proposal by Friday'],
  });
});

describe('deal warnings', () => {
  it('fires each rule on the deal at risk, with its words and evidence', async () => {
    const d = await settled(risky.id, (x) => x.warnings.length === 5);
    expect(kinds(d)).toEqual(
      [
        'noNextStep',
        'noRecentCall',
        'pricingNotDiscussed',
        'singleThreaded',
        'stuckInStage',
      ].sort(),
    );
    expect(d.warningsUnchecked).toEqual([]);
    const by = new Map(d.warnings.map((w) => [w.kind, w]));
    expect(by.get('noRecentCall')).toMatchObject({
      message: expect.stringMatching(/^No call in 20 days \(the last was on /),
      evidence: { meetingIds: [riskyCall], daysSinceLastCall: 20 },
    });
    expect(by.get('singleThreaded')).toMatchObject({
      message:
        'Only one contact engaged: Jane Buyer is the only one of the deal’s 2 contacts seen in its calls',
      evidence: { contacts: 2, engagedContacts: ['jane@initech.example'] },
    });
    expect(by.get('pricingNotDiscussed')?.evidence.moments?.map((x) => x.text)).toEqual([
      'pricing',
      'per seat,',
      'discount',
    ]);
    expect(by.get('noNextStep')?.evidence.actionItems).toEqual([
      'The team will follow up on security',
    ]);
    // The deal's next step is that same item, said to be not agreed.
    expect(d.nextStep).toEqual({
      text: 'The team will follow up on security',
      agreed: false,
      meetingId: riskyCall,
      callAt: new Date(
        (await ok<Meeting>(who.manager.accessToken, 'GET', `/meeting/${riskyCall}`)).startTime,
      ).toISOString(),
    });
    expect(by.get('stuckInStage')).toMatchObject({
      message: 'Stuck in Discovery for 30 days, longer than the organization’s median of 20 days',
      evidence: { daysInStage: 30, medianDays: 20, spans: 5 },
    });
  });

  it('stays quiet on the healthy deal, every rule having judged it', async () => {
    const d = await settled(
      healthy.id,
      (x) =>
        x.meetingsCount === 1 && !x.warningsUnchecked.some((u) => u.reason.includes('No call')),
    );
    expect(d.warnings).toEqual([]);
    expect(d.warningsUnchecked).toEqual([]);
    expect(d.nextStep).toMatchObject({
      text: 'speaker_00 will send the proposal by Friday',
      agreed: true,
    });
    // Both lists carry it.
    const listed = await ok<{ data: Deal[] }>(
      who.manager.accessToken,
      'GET',
      '/sales/deals?atRisk=false&size=100',
    );
    expect(listed.data.find((x) => x.id === healthy.id)?.nextStep).toEqual(d.nextStep);
  });

  it('shows the warnings in the deal lists, the sales calls and the manager’s home', async () => {
    const m = who.manager.accessToken;
    const atRisk = await ok<{ data: Deal[] }>(m, 'GET', '/sales/deals?atRisk=true&size=100');
    expect(atRisk.data.map((d) => d.id)).toContain(risky.id);
    expect(atRisk.data.map((d) => d.id)).not.toContain(healthy.id);
    const calm = await ok<{ data: Deal[] }>(m, 'GET', '/sales/deals?atRisk=false&size=100');
    expect(calm.data.map((d) => d.id)).toContain(healthy.id);

    const calls = await ok<{ data: SalesMeeting[] }>(
      m,
      'GET',
      `/meeting/manager/sales?deal=${risky.id}`,
    );
    expect(calls.data.map((c) => c.id)).toEqual([riskyCall]);
    expect(kinds(calls.data[0]!.deal!)).toHaveLength(5);

    const home = await ok<HomeSummary>(m, 'GET', '/home/summary');
    const listed = home.dealsAtRisk?.deals.find((d) => d.id === risky.id);
    expect(listed).toMatchObject({ name: 'Initech roll-out', ownerName: 'Remy Rep' });
    expect(home.dealsAtRisk?.deals.map((d) => d.id)).not.toContain(healthy.id);
    // A rep has no team sales view: no deals at risk on their home.
    expect(
      (await ok<HomeSummary>(who.rep.accessToken, 'GET', '/home/summary')).dealsAtRisk,
    ).toBeNull();
  });

  it('counts trackers of one deal’s calls only', async () => {
    const m = who.manager.accessToken;
    const tracker = await ok<Tracker>(m, 'POST', '/trackers', {
      name: 'Security',
      phrases: ['security'],
    });
    const weekly = (q: string) =>
      ok<TrackerWeeklyCounts>(m, 'GET', `/trackers/counts/weekly?trackerId=${tracker.id}${q}`);
    const total = (c: TrackerWeeklyCounts) => c.weeks.reduce((n, w) => n + w.total, 0);
    // The re-count of the new tracker runs in the background.
    await waitFor(
      async () => (total(await weekly('')) > 0 ? true : undefined),
      20_000,
      'the count',
    );
    expect(total(await weekly(`&dealId=${risky.id}`))).toBe(1);
    expect(total(await weekly(`&dealId=${healthy.id}`))).toBe(0);
  });

  it('judges the stage again when it changes, from its new start', async () => {
    const before = (await getDeal(risky.id)).warningsAt;
    await ok<Deal>(who.manager.accessToken, 'PATCH', `/sales/deals/${risky.id}`, {
      stage: 'negotiation_close_stage',
    });
    const history = await ctx.database.db
      .select({ stage: dealStageChanges.stage })
      .from(dealStageChanges)
      .where(eq(dealStageChanges.dealId, risky.id))
      .orderBy(dealStageChanges.changedAt);
    expect(history.map((h) => h.stage)).toEqual(['discovery_stage', 'negotiation_close_stage']);
    const d = await computedAfter(risky.id, before);
    expect(kinds(d)).not.toContain('stuckInStage');
    expect(d.warningsUnchecked).toEqual([
      {
        kind: 'stuckInStage',
        reason:
          'Not enough signal: the organization has 0 finished stays in Negotiation and close; 5 are needed for a median.',
      },
    ]);
    // The same stage again is no change.
    await ok<Deal>(who.manager.accessToken, 'PATCH', `/sales/deals/${risky.id}`, {
      stage: 'negotiation_close_stage',
    });
    const rows = await ctx.database.db
      .select()
      .from(dealStageChanges)
      .where(and(eq(dealStageChanges.dealId, risky.id)));
    expect(rows).toHaveLength(2);
  });

  it('computes the deal again when its call is unlinked', async () => {
    const before = (await getDeal(risky.id)).warningsAt;
    await ok(who.rep.accessToken, 'PUT', `/meeting/${riskyCall}/deal`, { dealId: null });
    const d = await computedAfter(risky.id, before);
    // No call: measured from the deal's creation (today), and the call rules cannot judge.
    expect(kinds(d)).toEqual([]);
    expect(d.nextStep).toBeNull();
    expect(d.warningsUnchecked.map((u) => u.kind).sort()).toEqual(
      ['noNextStep', 'pricingNotDiscussed', 'singleThreaded', 'stuckInStage'].sort(),
    );
  });

  it('answers 404 to another organisation, and lists none of it', async () => {
    const o = who.outsider.accessToken;
    const res = await call(ctx, 'GET', `/sales/deals/${risky.id}`, { token: o });
    expect(res.statusCode).toBe(404);
    expect((await ok<{ count: number }>(o, 'GET', '/sales/deals?atRisk=true')).count).toBe(0);
    const home = await ok<HomeSummary>(o, 'GET', '/home/summary');
    expect(home.dealsAtRisk?.deals.map((d) => d.id) ?? []).not.toContain(risky.id);
    const counts = await ok<TrackerWeeklyCounts>(
      o,
      'GET',
      `/trackers/counts/weekly?dealId=${healthy.id}`,
    );
    expect(counts.weeks).toEqual([]);
  });
});
