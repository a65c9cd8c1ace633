import { beforeAll, describe, expect, it } from 'vitest';
import type { Deal, DealWarning } from '@parley/contracts';
import { meetingInsights } from '../../platform/db/schema.js';
import { ctx, useSignedInApp } from '../../test/app-kit.js';
import { call, json, signIn } from '../../test/context.js';
import { insertMeeting, saveTranscript } from '../../test/transcripts-kit.js';
import { waitFor } from '../../test/media.js';
import { sqlExecutorFor } from '../../platform/queue/index.js';
import { QUEUES } from '@parley/contracts';

/**
 * Issue 16 item 5, what computes a deal's warnings without anyone touching the deal: the
 * listener of finished analyses, and the daily pass the worker asks for on a timer (every
 * second here, DEAL_WARNINGS_CHECK_SECONDS, instead of hourly; the clock is moved on rather
 * than waited for).
 */
const who = useSignedInApp(['manager', 'rep'], undefined, {
  env: { DEAL_WARNINGS_CHECK_SECONDS: '1' },
});

const DAY = 24 * 3600 * 1000;
const daysAgo = (n: number) => new Date(ctx.clock.now().getTime() - n * DAY);

let manager = '';
let rep = '';
beforeAll(() => {
  manager = who.manager.accessToken;
  rep = who.rep.accessToken;
});

const ok = async <T>(
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
) => {
  const res = await call(ctx, method, path, { token, payload: body });
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
  return json<T>(res);
};
const getDeal = (id: string) => ok<Deal>(manager, 'GET', `/sales/deals/${id}`);
const kinds = (d: { warnings: DealWarning[] }) => d.warnings.map((w) => w.kind).sort();
/** Computed with its call linked (and that call's action items not there yet). */
const withTheCall = (d: Deal) =>
  d.warningsUnchecked.some(
    (u) =>
      u.kind === 'noNextStep' && u.reason === 'The last call’s action items are not analyzed yet.',
  );

/** The deal once its warnings were computed after `since` and `expected` holds of it. */
const computed = (id: string, since: string | null, expected: (d: Deal) => boolean) =>
  waitFor(
    async () => {
      const d = await getDeal(id);
      return d.warningsAt && (!since || d.warningsAt > since) && expected(d) ? d : undefined;
    },
    20_000,
    'the deal warnings to be computed',
  );

/** A processed call of the rep's, transcribed, started `days` ago, linked to the deal. */
async function linkedCall(dealId: string, days: number) {
  const org = who.rep.user.organizationId;
  const id = await insertMeeting(ctx, org, who.rep.user.id, `timed call ${days}`, {
    stage: 'discovery_stage',
    startTime: daysAgo(days),
    sourceKey: `${org}/uploads/timed-${days}.wav`,
    playbackKey: `${org}/meetings/timed-${days}.wav`,
  });
  await saveTranscript(ctx, id, org);
  await ok(rep, 'PUT', `/meeting/${id}/deal`, { dealId });
  return id;
}

/** Waits until no computation of the deal's warnings is queued or running. */
const noComputationWaiting = (dealId: string) =>
  waitFor(
    async () => {
      const { rows } = await sqlExecutorFor(ctx.database).executeSql(
        `SELECT count(*)::int AS n FROM pgboss.job
          WHERE name = $1 AND data->>'dealId' = $2 AND state IN ('created', 'retry', 'active')`,
        [QUEUES.dealWarnings, dealId],
      );
      return (rows[0] as { n: number }).n === 0 ? true : undefined;
    },
    20_000,
    'the queued deal warnings computations to finish',
  );

describe('deal warnings computed by their jobs', () => {
  it('warns of no next step once a linked call’s analysis finishes with vague action items', async () => {
    const deal = await ok<Deal>(manager, 'POST', '/sales/deals', {
      name: 'Hooli expansion',
      stage: 'discovery_stage',
      ownerId: who.rep.user.id,
    });
    const callId = await linkedCall(deal.id, 1);
    // Linked before its action items exist: the rule cannot judge the call yet. Creating and
    // linking each queued a computation; the later one may still be waiting behind the first.
    await computed(deal.id, null, withTheCall);
    await noComputationWaiting(deal.id);
    const linked = await getDeal(deal.id);
    expect(kinds(linked)).not.toContain('noNextStep');
    expect(linked.nextStep).toBeNull();

    // The run's insights step writes the call's action items; nothing is recomputed for it.
    await ctx.database.db.insert(meetingInsights).values({
      meetingId: callId,
      organizationId: who.rep.user.organizationId,
      promptName: 'Action Items',
      group: 'meeting',
      result: ['The team will follow up'],
      citations: { score: [], items: [[]] },
      provider: 'local',
      model: 'test',
    });
    expect((await getDeal(deal.id)).warningsAt).toBe(linked.warningsAt);

    // The run's last step finishes it, and the finished analysis's listener queues the deal.
    const res = await call(ctx, 'POST', '/offline/re-analyze', {
      token: rep,
      payload: { meetingId: callId, stage: 'finish' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const after = await computed(deal.id, linked.warningsAt, (d) =>
      kinds(d).includes('noNextStep'),
    );
    expect(after.warnings.find((w) => w.kind === 'noNextStep')?.evidence).toMatchObject({
      meetingIds: [callId],
      actionItems: ['The team will follow up'],
    });
    expect(after.nextStep).toMatchObject({
      text: 'The team will follow up',
      agreed: false,
      meetingId: callId,
    });
  });

  it('warns of no recent call once the daily pass runs after the deal went quiet', async () => {
    const deal = await ok<Deal>(manager, 'POST', '/sales/deals', {
      name: 'Pied Piper pilot',
      stage: 'discovery_stage',
      ownerId: who.rep.user.id,
    });
    await linkedCall(deal.id, 10);
    const before = await computed(deal.id, null, withTheCall);
    // Ten days quiet: not yet.
    expect(kinds(before)).not.toContain('noRecentCall');

    // Five days on, with nothing done to the deal: the timer's pass finds it a day old.
    ctx.clock.advance(5 * DAY);
    manager = (await signIn(ctx, 'manager@acme.parley.local')).accessToken;
    const after = await computed(deal.id, before.warningsAt, (d) =>
      kinds(d).includes('noRecentCall'),
    );
    expect(after.warnings.find((w) => w.kind === 'noRecentCall')).toMatchObject({
      message: expect.stringMatching(/^No call in 15 days \(the last was on /),
      evidence: { daysSinceLastCall: 15 },
    });
    expect(new Date(after.warningsAt!).getTime()).toBeGreaterThan(
      new Date(before.warningsAt!).getTime() + 5 * DAY - 60_000,
    );
  });
});
