import { z } from 'zod';
import { meetingListQuery, meetingSchema, meetingStageSchema } from './meetings.js';
import { dealWarningSchema, paged } from './sales.js';

/**
 * The /accounts view (issue 16, spec 2 §2): the spec 2 §7 meeting routes' queries and answers,
 * the performance figures by stage and the deal amounts; the records they read are in sales.ts.
 */

const uuid = z.string().uuid();

/** Spec 2 §2: a stage filter of the view, 'all' (default) or one stage. */
const stageFilter = z.union([z.literal('all'), meetingStageSchema]).default('all');

/**
 * Query of meeting/user/sales and meeting/manager/sales: the list's plus owner, score, deal
 * and account.
 */
export const salesListQuery = meetingListQuery.extend({
  /** The meeting owner (the table's name filter {name, id}). */
  nameId: uuid.optional(),
  minScore: z.coerce.number().min(0).max(100).optional(),
  maxScore: z.coerce.number().min(0).max(100).optional(),
  deal: uuid.optional(),
  /** An account id: the calls whose deal belongs to it (the view's account filter). */
  account: uuid.optional(),
});

export const salesMeetingSchema = meetingSchema.extend({
  ownerName: z.string(),
  /**
   * Rounded mean of the meeting's scored insights (0–100); null before any is scored. The
   * score filters read this.
   */
  score: z.number().nullable(),
  deal: z
    .object({
      id: z.string(),
      name: z.string(),
      stage: meetingStageSchema,
      amount: z.number(),
      currency: z.string(),
      accountId: z.string().nullable(),
      warnings: z.array(dealWarningSchema),
    })
    .nullable(),
});
export type SalesMeeting = z.infer<typeof salesMeetingSchema>;
export const salesListResponse = paged(salesMeetingSchema);

/** GET meeting/getAllUsers: the values of the view's name, opportunity and account filters. */
export const salesFiltersSchema = z.object({
  names: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      /** The sales manager the person reports to, so the Teams view groups reps under them. */
      salesManagerId: z.string().nullable(),
    }),
  ),
  deals: z.array(z.object({ id: z.string(), name: z.string(), accountId: z.string().nullable() })),
  accounts: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const salesPerformanceQuery = z.object({
  stage: stageFilter,
  nameId: uuid.optional(),
  /** A deal id. */
  opportunity: uuid.optional(),
  /** An account id. */
  account: uuid.optional(),
});

/**
 * The measured signals of a rep's calls, each the mean over the calls that have it:
 * - talkRatio: the rep's share of the talk time, percent;
 * - longestMonologueSec: the call's longest monologue, seconds;
 * - questions: questions the rep asked;
 * - interactivity: speaker switches a minute;
 * - fillerWords: the rep's filler words;
 * - speakingRate: the rep's words a minute of their own talking.
 * The rep's voice is the speaker the meeting names with the rep's name, else speaker_00
 * (the first voice: the one who opened the call).
 */
export const SALES_SIGNALS = [
  'talkRatio',
  'longestMonologueSec',
  'questions',
  'interactivity',
  'fillerWords',
  'speakingRate',
] as const;
export type SalesSignal = (typeof SALES_SIGNALS)[number];

/**
 * Which way is better, for the team's best (the benchmark). Speaking rate has no better way:
 * its benchmark is the team's mean.
 */
export const SIGNAL_BETTER: Record<SalesSignal, 'higher' | 'lower' | null> = {
  talkRatio: 'lower',
  longestMonologueSec: 'lower',
  questions: 'higher',
  interactivity: 'higher',
  fillerWords: 'lower',
  speakingRate: null,
};

/** The most calls a performance figure names (the rep's latest of the stage). */
export const PERFORMANCE_CALL_IDS = 100;

/**
 * A figure, how many calls it was computed from and, when the query names one rep and one
 * stage, those calls' ids, oldest first (so the view can open them): the figure's among the
 * rep's latest PERFORMANCE_CALL_IDS calls of the stage, so fewer than `count` for a rep with
 * more. Over every rep or stage the ids are left out: they would make the answer grow with
 * the number of calls (3.8 MB at 10,000); the view asks again with the rep and stage of the
 * figure it opens.
 */
export const figureSchema = z.object({
  value: z.number().nullable(),
  count: z.number().int(),
  meetingIds: z.array(z.string()).optional(),
});
export type Figure = z.infer<typeof figureSchema>;

export const benchmarkSchema = figureSchema.extend({
  /** Whose figure it is; null for a team mean. */
  userId: z.string().nullable(),
});

const signalsOf = <T extends z.ZodType>(item: T) =>
  z.object(Object.fromEntries(SALES_SIGNALS.map((s) => [s, item])) as Record<SalesSignal, T>);

export const salesPerformanceSchema = z.object({
  stages: z.array(
    z.object({
      stage: meetingStageSchema,
      reps: z.array(
        z.object({
          userId: z.string(),
          name: z.string(),
          /** The rep's calls of the stage. */
          callsCount: z.number().int(),
          /** Their ids, with one rep and one stage asked (as a figure's: the latest, bounded). */
          meetingIds: z.array(z.string()).optional(),
          signals: signalsOf(figureSchema),
          /** Mean score (0–100) of each scored prompt over the rep's calls of the stage. */
          scores: z.array(figureSchema.extend({ promptName: z.string() })),
        }),
      ),
      benchmark: z.object({
        signals: signalsOf(benchmarkSchema),
        scores: z.array(benchmarkSchema.extend({ promptName: z.string() })),
      }),
    }),
  ),
});
export type SalesPerformance = z.infer<typeof salesPerformanceSchema>;

export const dealsAmountQuery = z.object({
  stage: stageFilter,
  nameId: uuid.optional(),
  account: uuid.optional(),
});
/** GET meeting/deals/amount: per stage and currency, the deals' total amount. */
export const dealsAmountSchema = z.object({
  data: z.array(
    z.object({
      stage: meetingStageSchema,
      currency: z.string(),
      totalAmount: z.number(),
      count: z.number().int(),
    }),
  ),
});
