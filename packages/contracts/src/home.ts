import { z } from 'zod';
import { inferenceStatusSchema } from './meetings.js';
import { dealWarningSchema } from './sales.js';
import { defineRoute } from './route.js';

/**
 * The home dashboard (`/`, issue 16 item 6, issue 23 item 3): what the caller's role needs on
 * one screen, read in one call. Every figure comes from stored rows; a figure with nothing
 * behind it is null (or an empty list), never 0 made up, so the page can say so.
 */

/** How many weeks the weekly figures cover, the current week last. */
export const HOME_WEEKS = 8;
/** How many meetings the recent list and each attention list show. */
export const HOME_LIST_SIZE = 5;
/** How many action items the dashboard shows, from the latest analysed meetings. */
export const HOME_ACTION_ITEMS = 6;
/** How many deals at risk the manager's dashboard lists. */
export const HOME_DEALS_AT_RISK = 5;

export const homeMeetingSchema = z.object({
  id: z.string(),
  meetingName: z.string(),
  startTime: z.string(),
  inferenceStatus: inferenceStatusSchema,
  /** Why the analysis failed, when it did. */
  statusReason: z.string().nullable(),
  durationSec: z.number().nullable(),
});
export type HomeMeeting = z.infer<typeof homeMeetingSchema>;

export const homeWeekSchema = z.object({
  /** Monday of the week (UTC), YYYY-MM-DD. */
  weekStart: z.string(),
  /** Meetings that started that week. */
  calls: z.number(),
  /** Their recorded minutes (a started minute counts whole, as credits do). */
  minutes: z.number(),
  /** Mean overall score (0–100) of the week's scored meetings; null when none was scored. */
  averageScore: z.number().nullable(),
  scoredCalls: z.number(),
  /**
   * Talk ratio: the share (0–100) of the talking done by the speaker who talked most, averaged
   * over the week's transcribed meetings with at least two speakers; null when there were none.
   * The transcript does not say which speaker is the rep, so this is the top speaker's share.
   */
  talkRatio: z.number().nullable(),
  talkCalls: z.number(),
});
export type HomeWeek = z.infer<typeof homeWeekSchema>;

/** Whose meetings the weekly figures count. */
export const HOME_SCOPES = ['own', 'team', 'organisation'] as const;
export type HomeScope = (typeof HOME_SCOPES)[number];

export const homeSummarySchema = z.object({
  /**
   * 'own': the caller's visible meetings; 'team': the organisation's sales reps' meetings (a
   * sales manager, as aggregates only); 'organisation': every meeting of the organisation.
   */
  scope: z.enum(HOME_SCOPES),
  /** Visible meetings, newest first (as GET /meeting/user lists them), and how many there are. */
  recentMeetings: z.array(homeMeetingSchema),
  meetingCount: z.number(),
  attention: z.object({
    failed: z.array(homeMeetingSchema),
    failedCount: z.number(),
    /** Queued or being analysed. */
    running: z.array(homeMeetingSchema),
    runningCount: z.number(),
  }),
  weeks: z.array(homeWeekSchema),
  /** The caller's own coaching progress over every stage; null when they do not learn. */
  coaching: z
    .object({
      videos: z.number(),
      videosStarted: z.number(),
      /** 0–1 over all the videos they can watch. */
      watchedShare: z.number(),
      /** Mean of their quiz scores; null before any quiz. */
      quizScore: z.number().nullable(),
    })
    .nullable(),
  /**
   * The organisation's analysis credits, for who manages billing; null for everyone else and
   * for the platform organisation, which has no plan and is never charged.
   */
  credits: z
    .object({
      planName: z.string().nullable(),
      /** Null when the organisation has no active plan. */
      remaining: z.number().nullable(),
      /** One credit analyses one started minute of media. */
      unit: z.literal('minutes'),
      endDate: z.string().nullable(),
    })
    .nullable(),
  /** Latest action items of the caller's analysed meetings, newest meeting first. */
  actionItems: z.array(
    z.object({ meetingId: z.string(), meetingName: z.string(), text: z.string() }),
  ),
  /** People invited to register face and voice who have not yet; null for who cannot invite. */
  invitations: z
    .object({
      pending: z.number(),
      people: z.array(
        z.object({
          email: z.string(),
          name: z.string(),
          meetingId: z.string().nullable(),
          invitedAt: z.string(),
        }),
      ),
    })
    .nullable(),
  /** Platform figures for the super admin; null for everyone else. */
  platform: z.object({ organisations: z.number() }).nullable(),
  /**
   * The team's deals carrying warnings, newest deal first, and how many there are; null for
   * who has no team sales view (or no Sales Intelligence).
   */
  dealsAtRisk: z
    .object({
      count: z.number(),
      deals: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          accountName: z.string().nullable(),
          ownerName: z.string().nullable(),
          warnings: z.array(dealWarningSchema),
        }),
      ),
    })
    .nullable(),
});
export type HomeSummary = z.infer<typeof homeSummarySchema>;

export const homeRoutes = {
  summary: defineRoute({
    method: 'GET',
    path: '/home/summary',
    summary: 'The home dashboard: recent meetings, what needs attention, weekly figures',
    tags: ['home'],
    auth: true,
    permission: 'meetings.read',
    response: homeSummarySchema,
  }),
};
