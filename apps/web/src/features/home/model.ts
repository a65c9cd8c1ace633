import type { HomeSummary, HomeWeek, TrackerWeeklyCounts } from '@parley/contracts';

/** Credits at or under this many minutes are worth a warning on the home page. */
export const LOW_CREDITS = 60;

/** The one thing the home page suggests first: a link, or the upload dialog. */
export type NextStep =
  | { title: string; description: string; label: string; to: string }
  | { title: string; description: string; label: string; upload: true };

/**
 * The most useful next step for the caller, in order: what is broken (a failed analysis, no
 * plan, credits running out), then what is unstarted (no meeting yet, coaching), then what
 * follows from the last meeting (its action items), else uploading the next one.
 */
export function nextStepOf(s: HomeSummary, canUpload: boolean): NextStep {
  // The super admin runs the platform; their organisation has no library of its own to fill.
  if (s.platform) {
    return {
      title: 'Review the organizations',
      description: `${s.platform.organisations} organizations on the platform: their plans, users and activity.`,
      label: 'Open organizations',
      to: '/organization-management',
    };
  }
  const failed = s.attention.failed[0];
  if (failed) {
    return {
      title:
        s.attention.failedCount === 1
          ? 'An analysis failed'
          : `${s.attention.failedCount} analyses failed`,
      description: `“${failed.meetingName}”: ${failed.statusReason ?? 'no reason was recorded'}.`,
      label: 'See why',
      to: `/library/${failed.id}`,
    };
  }
  if (s.credits && s.credits.remaining === null) {
    return {
      title: 'Choose a plan',
      description: 'Your organization has no active plan, so new meetings cannot be analyzed.',
      label: 'View plans',
      to: '/pricing',
    };
  }
  if (s.credits && s.credits.remaining !== null && s.credits.remaining <= LOW_CREDITS) {
    return {
      title: 'Credits are running low',
      description: `${s.credits.remaining} minutes of analysis left. Each credit analyzes one minute of a recording.`,
      label: 'Open billing',
      to: '/billing',
    };
  }
  if (s.meetingCount === 0 && canUpload) {
    return {
      title: 'Upload your first meeting',
      description:
        'Add a recording and Parley transcribes it, scores it and lists its action items.',
      label: 'Upload a meeting',
      upload: true,
    };
  }
  if (s.coaching && s.coaching.videos > 0 && s.coaching.watchedShare < 1) {
    return {
      title: s.coaching.videosStarted === 0 ? 'Start your coaching' : 'Continue your coaching',
      description: `${s.coaching.videosStarted} of ${s.coaching.videos} videos started.`,
      label: 'Open coaching',
      to: '/coaching',
    };
  }
  const item = s.actionItems[0];
  if (item) {
    return {
      title: 'Follow up on your last meeting',
      description: `${item.text} (${item.meetingName})`,
      label: 'Open the meeting',
      to: `/library/${item.meetingId}`,
    };
  }
  if (canUpload) {
    return {
      title: 'Upload your next meeting',
      description: 'Each analyzed meeting adds to your weekly figures.',
      label: 'Upload a meeting',
      upload: true,
    };
  }
  return {
    title: 'Browse your meetings',
    description: 'Open the library to review meetings shared with you.',
    label: 'Open the library',
    to: '/library',
  };
}

/** Figures over the dashboard's weeks: totals, and the latest week with a value. */
export function weeksSummary(weeks: readonly HomeWeek[]) {
  const calls = weeks.reduce((n, w) => n + w.calls, 0);
  const scored = weeks.filter((w) => w.averageScore !== null);
  const talked = weeks.filter((w) => w.talkRatio !== null);
  const weighted = (
    ws: HomeWeek[],
    value: (w: HomeWeek) => number,
    count: (w: HomeWeek) => number,
  ) => {
    const n = ws.reduce((sum, w) => sum + count(w), 0);
    return n ? Math.round(ws.reduce((sum, w) => sum + value(w) * count(w), 0) / n) : null;
  };
  return {
    calls,
    /** Mean over every scored meeting of the period (weeks weighted by their meetings). */
    averageScore: weighted(
      scored,
      (w) => w.averageScore ?? 0,
      (w) => w.scoredCalls,
    ),
    talkRatio: weighted(
      talked,
      (w) => w.talkRatio ?? 0,
      (w) => w.talkCalls,
    ),
  };
}

const SCOPE_LABEL = {
  own: 'Your calls',
  team: 'Your team’s calls',
  organisation: 'Organization calls',
};
export const scopeLabel = (scope: HomeSummary['scope']) => SCOPE_LABEL[scope];

/** How many trackers the manager's home lists. */
export const HOME_TOP_TRACKERS = 5;

/** The first day (YYYY-MM-DD, UTC) of the last `weeks` weeks counted back from `now`. */
export function weeksAgo(now: Date, weeks: number): string {
  return new Date(now.getTime() - weeks * 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/**
 * The most mentioned trackers over the weekly counts, most first (then by name); trackers
 * never mentioned are left out, not shown as 0.
 */
export function topTrackers(
  counts: TrackerWeeklyCounts,
  n = HOME_TOP_TRACKERS,
): { id: string; name: string; total: number; theirs: number }[] {
  const totals = new Map<string, { total: number; theirs: number }>();
  for (const w of counts.weeks) {
    const t = totals.get(w.trackerId) ?? { total: 0, theirs: 0 };
    totals.set(w.trackerId, { total: t.total + w.total, theirs: t.theirs + w.theirs });
  }
  return counts.trackers
    .flatMap((t) => {
      const c = totals.get(t.id);
      return c && c.total > 0 ? [{ id: t.id, name: t.name, ...c }] : [];
    })
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name))
    .slice(0, n);
}
