import { beforeAll, describe, expect, it } from 'vitest';
import type { Diarization, HomeSummary, Meeting, SessionUser } from '@parley/contracts';
import { meetingInsights, participants } from '../../platform/db/schema.js';
import { useSignedInApp, ctx } from '../../test/app-kit.js';
import { call, json, type SignedIn } from '../../test/context.js';
import { grantInterviewIntelligence } from '../../test/plans-kit.js';
import { insertMeeting, saveTranscript } from '../../test/transcripts-kit.js';

/**
 * GET /home/summary per role over meetings built like the library's: each role gets its
 * figures, the lists match GET /meeting/user, and another organisation's meetings never count.
 */
const who = useSignedInApp(['member', 'poc', 'manager', 'rep', 'admin', 'outsider']);

const summary = async (token: string) => {
  const res = await call(ctx, 'GET', '/home/summary', { token });
  expect(res.statusCode).toBe(200);
  return json<HomeSummary>(res);
};
const hoursAgo = (h: number) => new Date(ctx.clock.now().getTime() - h * 3600 * 1000);
/** The week of the dashboard a moment falls in. */
const weekOf = (s: HomeSummary, at: Date) =>
  s.weeks.find((w) => {
    const from = Date.parse(`${w.weekStart}T00:00:00Z`);
    return at.getTime() >= from && at.getTime() < from + 7 * 24 * 3600 * 1000;
  });

async function scores(owner: SignedIn, meetingId: string, values: number[]) {
  const names = ['Technical', 'Communication', 'Behavioral'];
  await ctx.database.db.insert(meetingInsights).values(
    values.map((score, i) => ({
      meetingId,
      organizationId: owner.user.organizationId,
      promptName: names[i] ?? 'Technical',
      group: 'hr' as const,
      result: { score, insights: [], tags: [] },
      citations: { score: [], items: [] },
      provider: 'test',
      model: 'test',
    })),
  );
}

async function actionItems(owner: SignedIn, meetingId: string, lines: string[]) {
  await ctx.database.db.insert(meetingInsights).values({
    meetingId,
    organizationId: owner.user.organizationId,
    promptName: 'Action Items',
    group: 'meeting',
    result: lines,
    citations: { score: [], items: lines.map(() => []) },
    provider: 'test',
    model: 'test',
  });
}

const meetingOf = (
  owner: SignedIn,
  name: string,
  values: Parameters<typeof insertMeeting>[4] = {},
) => insertMeeting(ctx, owner.user.organizationId, owner.user.id, name, values);

let scored: string;
let recentStart: Date;

beforeAll(async () => {
  recentStart = hoursAgo(1);
  // The member: one scored, transcribed meeting with action items, one failed, one analysing.
  scored = await meetingOf(who.member, 'home-scored', { startTime: recentStart });
  await saveTranscript(ctx, scored, who.member.user.organizationId);
  await scores(who.member, scored, [80, 70, 60]);
  await actionItems(who.member, scored, ['SPEAKER_00 sends the proposal by Friday']);
  await meetingOf(who.member, 'home-failed', {
    startTime: recentStart,
    inferenceStatus: 'failed',
    statusReason: 'The file has no audio track',
  });
  await meetingOf(who.member, 'home-running', {
    startTime: recentStart,
    inferenceStatus: 'analysing',
  });
  // The rep: two calls, one scored, never shared with the manager.
  const repCall = await meetingOf(who.rep, 'home-rep-call', { startTime: recentStart });
  await scores(who.rep, repCall, [90, 90, 90]);
  await meetingOf(who.rep, 'home-rep-call-2', { startTime: recentStart });
  // Another organisation's meeting, scored, at the same time.
  const elsewhere = await meetingOf(who.outsider, 'home-elsewhere', { startTime: recentStart });
  await scores(who.outsider, elsewhere, [10, 10, 10]);
  await actionItems(who.outsider, elsewhere, ['Elsewhere item']);
});

describe('GET /home/summary', () => {
  it('gives a member their own recent meetings, as the library lists them', async () => {
    const s = await summary(who.member.accessToken);
    const list = json<{ data: Meeting[]; count: number }>(
      await call(ctx, 'GET', '/meeting/user?size=5', { token: who.member.accessToken }),
    );
    expect(s.scope).toBe('own');
    expect(s.meetingCount).toBe(list.count);
    expect(s.recentMeetings.map((m) => m.id)).toEqual(list.data.map((m) => m.id));
    expect(s.recentMeetings.map((m) => m.meetingName)).not.toContain('home-elsewhere');
    expect(s.recentMeetings.map((m) => m.meetingName)).not.toContain('home-rep-call');
  });

  it('lists what needs attention: failed analyses with their reason, and running ones', async () => {
    const s = await summary(who.member.accessToken);
    expect(s.attention.failed).toEqual([
      expect.objectContaining({
        meetingName: 'home-failed',
        statusReason: 'The file has no audio track',
      }),
    ]);
    expect(s.attention.failedCount).toBe(1);
    expect(s.attention.running.map((m) => m.meetingName)).toEqual(['home-running']);
    expect(s.attention.runningCount).toBe(1);
  });

  it('counts the week’s calls with their mean score and talk ratio, null where nothing backs them', async () => {
    const s = await summary(who.member.accessToken);
    expect(s.weeks).toHaveLength(8);
    const week = weekOf(s, recentStart);
    const diarization = json<Diarization>(
      await call(ctx, 'GET', `/voice-diaraization/${scored}`, { token: who.member.accessToken }),
    );
    const top = Math.max(...diarization.speaker_time_analysis.map((x) => x.percentage));
    expect(week).toMatchObject({ calls: 3, averageScore: 70, scoredCalls: 1, talkCalls: 1 });
    expect(week?.talkRatio).toBeCloseTo(top, 0);
    // Three 30 s meetings: a started minute counts whole.
    expect(week?.minutes).toBe(3);
    const empty = s.weeks.find((w) => w !== week);
    expect(empty).toMatchObject({ calls: 0, averageScore: null, talkRatio: null });
  });

  it('shows the member’s latest action items with their meeting, never another organisation’s', async () => {
    const s = await summary(who.member.accessToken);
    expect(s.actionItems).toEqual([
      {
        meetingId: scored,
        meetingName: 'home-scored',
        text: 'SPEAKER_00 sends the proposal by Friday',
      },
    ]);
    expect(s.credits).toBeNull();
    expect(s.coaching).toBeNull();
    expect(s.platform).toBeNull();
  });

  it('gives a rep their own calls and their coaching progress', async () => {
    const s = await summary(who.rep.accessToken);
    expect(s.scope).toBe('own');
    expect(weekOf(s, recentStart)).toMatchObject({ calls: 2, averageScore: 90, scoredCalls: 1 });
    const mine = json<{ stages: { videos: number; videosStarted: number }[] }>(
      await call(ctx, 'GET', '/coaching/progress', { token: who.rep.accessToken }),
    );
    expect(s.coaching).toMatchObject({
      videos: mine.stages.reduce((n, x) => n + x.videos, 0),
      videosStarted: mine.stages.reduce((n, x) => n + x.videosStarted, 0),
      quizScore: null,
    });
  });

  it('gives a sales manager the figures and calls of the reps who report to them', async () => {
    const s = await summary(who.manager.accessToken);
    expect(s.scope).toBe('team');
    expect(weekOf(s, recentStart)).toMatchObject({ calls: 2, averageScore: 90 });
    // The seeded rep reports to the seeded manager, who may open their calls.
    expect(s.recentMeetings.map((m) => m.meetingName)).toContain('home-rep-call');
    expect(s.actionItems).toEqual([]);
  });

  it('gives the point of contact the organisation’s figures and the credits with their unit', async () => {
    const s = await summary(who.poc.accessToken);
    expect(s.scope).toBe('organisation');
    // Member's three, the rep's two; never the other organisation's.
    expect(weekOf(s, recentStart)).toMatchObject({ calls: 5, scoredCalls: 2, averageScore: 80 });
    const me = json<SessionUser>(
      await call(ctx, 'GET', '/auth/me', { token: who.poc.accessToken }),
    );
    expect(s.credits).toEqual({
      planName: me.plan?.name,
      remaining: me.plan?.remainingCredits,
      unit: 'minutes',
      endDate: me.plan?.endDate ?? null,
    });
    expect(s.actionItems.map((i) => i.text)).toEqual(['SPEAKER_00 sends the proposal by Friday']);
  });

  it('counts pending registration invitations where the plan has biometrics', async () => {
    expect((await summary(who.poc.accessToken)).invitations).toBeNull();
    await grantInterviewIntelligence(ctx, who.poc.user.organizationId);
    await ctx.database.db.insert(participants).values([
      {
        organizationId: who.poc.user.organizationId,
        email: 'pat@example.com',
        name: 'Pat',
        tokenHash: 'h1',
      },
      {
        organizationId: who.poc.user.organizationId,
        email: 'done@example.com',
        tokenHash: 'h2',
        status: 'processed',
      },
      { organizationId: who.outsider.user.organizationId, email: 'x@example.com', tokenHash: 'h3' },
    ]);
    const s = await summary(who.poc.accessToken);
    expect(s.invitations?.pending).toBe(1);
    expect(s.invitations?.people.map((p) => p.email)).toEqual(['pat@example.com']);
  });

  it('never shows the super admin credits; gives platform figures instead', async () => {
    const s = await summary(who.admin.accessToken);
    expect(s.credits).toBeNull();
    expect(s.coaching).toBeNull();
    const orgs = json<{ count: number }>(
      await call(ctx, 'GET', '/organization/all', { token: who.admin.accessToken }),
    );
    expect(s.platform).toEqual({ organisations: orgs.count });
  });

  it('keeps another organisation to its own meetings', async () => {
    const s = await summary(who.outsider.accessToken);
    expect(s.recentMeetings.map((m) => m.meetingName)).toEqual(['home-elsewhere']);
    expect(weekOf(s, recentStart)).toMatchObject({ calls: 1, averageScore: 10 });
    expect(s.actionItems.map((i) => i.text)).toEqual(['Elsewhere item']);
  });
});
