import {
  HOME_ACTION_ITEMS,
  HOME_LIST_SIZE,
  HOME_WEEKS,
  isFeatureAvailable,
  type FeatureHolder,
  type HomeMeeting,
  type HomeScope,
  type HomeSummary,
  type HomeWeek,
  type Meeting,
  type Participant,
  type Plan,
} from '@parley/contracts';
import type { Caller } from '../../platform/http/caller.js';
import {
  seesWholeOrganisation,
  type ListQuery,
  type MeetingListsService,
} from '../meetings/index.js';

/** What the dashboard reads of other modules, each through its service. */
export interface HomeDeps {
  lists: MeetingListsService;
  /** A sales manager's team: they and who reports to them (as coaching's and sales' views). */
  team(caller: Caller): Promise<string[]>;
  featureHolder(caller: Caller): Promise<FeatureHolder>;
  /** The organisation's active plan, null without one. */
  activePlan(organizationId: string, userId: string): Promise<Plan | null>;
  overallScores(organizationId: string, meetingIds: string[]): Promise<Map<string, number>>;
  talkRatios(organizationId: string, meetingIds: string[]): Promise<Map<string, number>>;
  actionItems(organizationId: string, meetingIds: string[]): Promise<Map<string, string[]>>;
  /** The caller's own coaching progress per stage. */
  coachingProgress(caller: Caller): Promise<{
    stages: {
      videos: number;
      videosStarted: number;
      watchedShare: number;
      quizScore: number | null;
    }[];
  }>;
  /** People of the caller's organisation invited to register face and voice. */
  participants(caller: Caller): Promise<Participant[]>;
  organisationCount(): Promise<number>;
  /** The caller's team's deals carrying warnings (the sales module). */
  dealsAtRisk(caller: Caller): Promise<NonNullable<HomeSummary['dealsAtRisk']>>;
  now: () => Date;
}

const DAY_MS = 24 * 3600 * 1000;
const WEEK_MS = 7 * DAY_MS;
/** Meetings a dashboard's weekly figures read at most (8 weeks of a large team). */
const WEEKLY_LIMIT = 5000;
/** How many of the latest analysed meetings the action items are looked for in. */
const ACTION_ITEM_MEETINGS = 20;

const round1 = (x: number) => Math.round(x * 10) / 10;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** Monday 00:00 UTC of the week holding `at`. */
export function weekStartOf(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

interface WeeklyRow {
  id: string;
  startTime: Date;
  durationSec: number | null;
}

/**
 * The weekly figures from the meetings and their per-meeting values: every week is present,
 * oldest first; a week whose meetings have no score or talk ratio says null, not 0.
 */
export function weeklyFigures(
  rows: readonly WeeklyRow[],
  scores: ReadonlyMap<string, number>,
  talk: ReadonlyMap<string, number>,
  firstWeek: Date,
  weeks: number,
): HomeWeek[] {
  return Array.from({ length: weeks }, (_, i) => {
    const from = firstWeek.getTime() + i * WEEK_MS;
    const inWeek = rows.filter((r) => {
      const t = r.startTime.getTime();
      return t >= from && t < from + WEEK_MS;
    });
    const weekScores = inWeek.flatMap((r) =>
      scores.has(r.id) ? [scores.get(r.id) as number] : [],
    );
    const weekTalk = inWeek.flatMap((r) => (talk.has(r.id) ? [talk.get(r.id) as number] : []));
    const score = mean(weekScores);
    const ratio = mean(weekTalk);
    return {
      weekStart: new Date(from).toISOString().slice(0, 10),
      calls: inWeek.length,
      minutes: inWeek.reduce(
        (sum, r) => sum + (r.durationSec === null ? 0 : Math.ceil(r.durationSec / 60)),
        0,
      ),
      averageScore: score === null ? null : round1(score),
      scoredCalls: weekScores.length,
      talkRatio: ratio === null ? null : round1(ratio),
      talkCalls: weekTalk.length,
    };
  });
}

const brief = (m: Meeting): HomeMeeting => ({
  id: m.id,
  meetingName: m.meetingName,
  startTime: m.startTime,
  inferenceStatus: m.inferenceStatus,
  statusReason: m.statusReason,
  durationSec: m.durationSec,
});

/**
 * The home dashboard (issue 16 item 6, issue 23 item 3). Everything goes through the meeting
 * lists, so it shows exactly the meetings the library shows the caller; a sales manager's
 * weekly figures are those of their team (they and the reps who report to them).
 */
export function createHomeService(deps: HomeDeps) {
  const { lists } = deps;
  const query = (q: Partial<ListQuery>): ListQuery => ({
    page: 0,
    size: HOME_LIST_SIZE,
    order: 'createdAt:desc',
    ...q,
  });

  function scopeOf(caller: Caller): HomeScope {
    if (seesWholeOrganisation(caller)) return 'organisation';
    if (caller.permissions.includes('coaching.team')) return 'team';
    return 'own';
  }

  async function weekly(caller: Caller, scope: HomeScope): Promise<HomeWeek[]> {
    const now = deps.now();
    const firstWeek = new Date(weekStartOf(now).getTime() - (HOME_WEEKS - 1) * WEEK_MS);
    const owners = scope === 'team' ? await deps.team(caller) : undefined;
    const rows = await lists.startedBetween(
      caller,
      { from: firstWeek, to: now, ...(owners ? { owners } : {}) },
      WEEKLY_LIMIT,
    );
    const ids = rows.map((r) => r.id);
    const [scores, talk] = await Promise.all([
      deps.overallScores(caller.organizationId, ids),
      deps.talkRatios(caller.organizationId, ids),
    ]);
    return weeklyFigures(rows, scores, talk, firstWeek, HOME_WEEKS);
  }

  async function attention(caller: Caller): Promise<HomeSummary['attention']> {
    const [failed, queued, analysing] = await Promise.all([
      lists.list(caller, 'all', query({ status: 'failed' })),
      lists.list(caller, 'all', query({ status: 'queued' })),
      lists.list(caller, 'all', query({ status: 'analysing' })),
    ]);
    const running = [...analysing.data, ...queued.data]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, HOME_LIST_SIZE);
    return {
      failed: failed.data.map(brief),
      failedCount: failed.count,
      running: running.map(brief),
      runningCount: queued.count + analysing.count,
    };
  }

  async function actionItems(caller: Caller): Promise<HomeSummary['actionItems']> {
    const analysed = await lists.list(caller, 'reports', query({ size: ACTION_ITEM_MEETINGS }));
    const items = await deps.actionItems(
      caller.organizationId,
      analysed.data.map((m) => m.id),
    );
    return analysed.data
      .flatMap((m) =>
        (items.get(m.id) ?? []).map((text) => ({
          meetingId: m.id,
          meetingName: m.meetingName,
          text,
        })),
      )
      .slice(0, HOME_ACTION_ITEMS);
  }

  async function coaching(caller: Caller): Promise<HomeSummary['coaching']> {
    const { stages } = await deps.coachingProgress(caller);
    const videos = stages.reduce((n, s) => n + s.videos, 0);
    const scores = stages.flatMap((s) => (s.quizScore === null ? [] : [s.quizScore]));
    const quizScore = mean(scores);
    return {
      videos,
      videosStarted: stages.reduce((n, s) => n + s.videosStarted, 0),
      // Each stage's share is over its own videos; weighted by them it is over all videos.
      watchedShare: videos
        ? Math.round((stages.reduce((n, s) => n + s.watchedShare * s.videos, 0) / videos) * 1000) /
          1000
        : 0,
      quizScore: quizScore === null ? null : round1(quizScore),
    };
  }

  async function invitations(caller: Caller): Promise<HomeSummary['invitations']> {
    const pending = (await deps.participants(caller))
      .filter((p) => p.participantRegistrationStatus === 'in_progress')
      .sort((a, b) => b.invitedAt.localeCompare(a.invitedAt));
    return {
      pending: pending.length,
      people: pending.slice(0, HOME_LIST_SIZE).map((p) => ({
        email: p.email,
        name: p.name,
        meetingId: p.meetingId,
        invitedAt: p.invitedAt,
      })),
    };
  }

  return {
    async summary(caller: Caller): Promise<HomeSummary> {
      const holder = await deps.featureHolder(caller);
      const isPlatform = holder.organization?.isPlatform ?? false;
      const may = (p: Caller['permissions'][number]) => caller.permissions.includes(p);
      const scope = scopeOf(caller);
      const learns =
        !isPlatform && may('coaching.learn') && isFeatureAvailable(holder, 'Sales Coaching');
      const invites =
        !isPlatform && may('meetings.manage') && isFeatureAvailable(holder, 'Biometrics');
      // The deals view's own gate: the team's sales, with Sales Intelligence.
      const sellsAsTeam =
        !isPlatform && may('sales.team') && isFeatureAvailable(holder, 'Sales Intelligence');
      const [recent, attn, weeks, items, progress, invited, organisations, atRisk] =
        await Promise.all([
          lists.list(caller, 'all', query({})),
          attention(caller),
          weekly(caller, scope),
          actionItems(caller),
          learns ? coaching(caller) : null,
          invites ? invitations(caller) : null,
          may('platform.manage') ? deps.organisationCount() : null,
          sellsAsTeam ? deps.dealsAtRisk(caller) : null,
        ]);
      const plan =
        !isPlatform && may('billing.manage')
          ? await deps.activePlan(caller.organizationId, caller.userId)
          : null;
      return {
        scope,
        recentMeetings: recent.data.map(brief),
        meetingCount: recent.count,
        attention: attn,
        weeks,
        coaching: progress,
        // The platform organisation has no plan and is never charged: no credits to show.
        credits:
          !isPlatform && may('billing.manage')
            ? {
                planName: plan?.name ?? null,
                remaining: plan?.remainingCredits ?? null,
                unit: 'minutes',
                endDate: plan?.endDate ?? null,
              }
            : null,
        actionItems: items,
        invitations: invited,
        platform: organisations === null ? null : { organisations },
        dealsAtRisk: atRisk,
      };
    },
  };
}
export type HomeService = ReturnType<typeof createHomeService>;
