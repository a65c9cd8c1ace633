import { describe, expect, it } from 'vitest';
import type { HomeSummary, HomeWeek } from '@parley/contracts';
import { nextStepOf, topTrackers, weeksAgo, weeksSummary } from './model';

const week = (over: Partial<HomeWeek>): HomeWeek => ({
  weekStart: '2025-01-06',
  calls: 0,
  minutes: 0,
  averageScore: null,
  scoredCalls: 0,
  talkRatio: null,
  talkCalls: 0,
  ...over,
});

const base: HomeSummary = {
  scope: 'own',
  recentMeetings: [],
  meetingCount: 0,
  attention: { failed: [], failedCount: 0, running: [], runningCount: 0 },
  weeks: [],
  coaching: null,
  credits: null,
  actionItems: [],
  invitations: null,
  platform: null,
  dealsAtRisk: null,
};
const meeting = {
  id: 'm1',
  meetingName: 'Kick-off',
  startTime: '2025-01-06T10:00:00Z',
  inferenceStatus: 'failed' as const,
  statusReason: 'The file has no audio track',
  durationSec: 30,
};

describe('the home page’s next step', () => {
  it('puts a failed analysis first, with its reason and a link to the meeting', () => {
    const s = {
      ...base,
      meetingCount: 3,
      attention: { ...base.attention, failed: [meeting], failedCount: 2 },
    };
    expect(nextStepOf(s, true)).toMatchObject({
      title: '2 analyses failed',
      description: '“Kick-off”: The file has no audio track.',
      to: '/library/m1',
    });
  });

  it('asks for a plan before anything else can be analysed', () => {
    const credits = { planName: null, remaining: null, unit: 'minutes' as const, endDate: null };
    expect(nextStepOf({ ...base, credits }, true)).toMatchObject({ to: '/pricing' });
  });

  it('warns about low credits in minutes, and not while there are plenty', () => {
    const credits = (remaining: number) => ({
      planName: 'Growth',
      remaining,
      unit: 'minutes' as const,
      endDate: null,
    });
    expect(nextStepOf({ ...base, meetingCount: 1, credits: credits(12) }, true)).toMatchObject({
      to: '/billing',
      description: expect.stringContaining('12 minutes'),
    });
    expect(nextStepOf({ ...base, meetingCount: 1, credits: credits(600) }, true)).toMatchObject({
      upload: true,
      title: 'Upload your next meeting',
    });
  });

  it('sends the super admin to the organisations, never to an upload or credits', () => {
    expect(nextStepOf({ ...base, platform: { organisations: 3 } }, true)).toMatchObject({
      to: '/organization-management',
    });
  });

  it('offers the first upload only to who can upload', () => {
    expect(nextStepOf(base, true)).toMatchObject({
      upload: true,
      title: 'Upload your first meeting',
    });
    expect(nextStepOf(base, false)).toMatchObject({ to: '/library' });
  });

  it('sends a learner to unfinished coaching before their action items', () => {
    const s = {
      ...base,
      meetingCount: 1,
      coaching: { videos: 4, videosStarted: 1, watchedShare: 0.25, quizScore: null },
      actionItems: [{ meetingId: 'm2', meetingName: 'Demo', text: 'Send the deck' }],
    };
    expect(nextStepOf(s, true)).toMatchObject({ title: 'Continue your coaching', to: '/coaching' });
    expect(nextStepOf({ ...s, coaching: null }, true)).toMatchObject({ to: '/library/m2' });
  });
});

describe('the period’s figures', () => {
  it('weights each week by its meetings and says null when nothing was scored', () => {
    const weeks = [
      week({ calls: 3, averageScore: 60, scoredCalls: 3, talkRatio: 50, talkCalls: 1 }),
      week({ calls: 1, averageScore: 100, scoredCalls: 1 }),
      week({ calls: 2 }),
    ];
    expect(weeksSummary(weeks)).toEqual({ calls: 6, averageScore: 70, talkRatio: 50 });
    expect(weeksSummary([week({ calls: 2 })])).toEqual({
      calls: 2,
      averageScore: null,
      talkRatio: null,
    });
  });
});

describe('the manager’s top trackers', () => {
  const counts = {
    trackers: [
      { id: 'a', name: 'Pricing' },
      { id: 'b', name: 'Competitors' },
      { id: 'c', name: 'Security' },
      { id: 'd', name: 'Never said' },
    ],
    weeks: [
      { weekStart: '2025-01-06', trackerId: 'a', ours: 2, theirs: 1, unknown: 0, total: 3 },
      { weekStart: '2025-01-06', trackerId: 'b', ours: 0, theirs: 4, unknown: 0, total: 4 },
      { weekStart: '2025-01-13', trackerId: 'a', ours: 1, theirs: 1, unknown: 0, total: 2 },
      { weekStart: '2025-01-13', trackerId: 'c', ours: 1, theirs: 0, unknown: 0, total: 1 },
    ],
  };

  it('sums the weeks per tracker, most mentioned first, leaving out those never mentioned', () => {
    expect(topTrackers(counts)).toEqual([
      { id: 'a', name: 'Pricing', total: 5, theirs: 2 },
      { id: 'b', name: 'Competitors', total: 4, theirs: 4 },
      { id: 'c', name: 'Security', total: 1, theirs: 0 },
    ]);
    expect(topTrackers(counts, 1).map((t) => t.id)).toEqual(['a']);
  });

  it('counts 8 weeks back from today', () => {
    expect(weeksAgo(new Date('2025-03-03T10:00:00Z'), 8)).toBe('2025-01-06');
  });
});
