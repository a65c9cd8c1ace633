import { z } from 'zod';
import { defineRoute } from './route.js';

/**
 * Zai insights of a meeting (spec 2 §2 Candidate Analysis and Action Items, §3 Analysis result
 * item, §7 AI kit). Every result carries the transcript moments it rests on, so the page can
 * seek the video to them.
 */

/** Spec 2 §9: a score at or above this (out of 100) is Recommended / Good. */
export const DEFAULT_HR_SCORE_THRESHOLD = 70;

/** The evaluation categories of the Candidate Analysis panel, 'Alerts' shown first. */
export const HR_CATEGORIES = ['Alerts', 'Technical', 'Communication', 'Behavioral'] as const;
export type HrCategory = (typeof HR_CATEGORIES)[number];
/** The categories the overall score is the rounded mean of (spec 2 §2). */
export const OVERALL_CATEGORIES = ['Technical', 'Communication', 'Behavioral'] as const;

export const ACTION_ITEMS_PROMPT = 'Action Items';

export const INSIGHT_GROUPS = ['hr', 'meeting', 'sales'] as const;
export const insightGroupSchema = z.enum(INSIGHT_GROUPS);
export type InsightGroup = z.infer<typeof insightGroupSchema>;

/** A span of the recording an insight rests on (seconds). */
export const citationSchema = z.object({
  start: z.number(),
  end: z.number(),
  speaker: z.string().optional(),
  quote: z.string().optional(),
});
export type InsightCitation = z.infer<typeof citationSchema>;

/** Spec 2 §3: a scored prompt's result; score is out of 100. */
export const scoreResultSchema = z.object({
  score: z.number().min(0).max(100),
  insights: z.array(z.string()),
  tags: z.array(z.string()),
});
export type ScoreResult = z.infer<typeof scoreResultSchema>;

/** Spec 2 §3: scored prompts answer {score, insights, tags}; the others a list of lines. */
export const insightResultSchema = z.union([scoreResultSchema, z.array(z.string())]);
export type InsightResult = z.infer<typeof insightResultSchema>;

/**
 * The moments behind a result: `score` supports the score as a whole, `items[i]` the i-th
 * insight (scored prompts) or the i-th line (line prompts).
 */
export const insightCitationsSchema = z.object({
  score: z.array(citationSchema),
  items: z.array(z.array(citationSchema)),
});
export type InsightCitations = z.infer<typeof insightCitationsSchema>;

export const insightItemSchema = z.object({
  promptName: z.string(),
  group: insightGroupSchema,
  result: insightResultSchema,
  citations: insightCitationsSchema,
  provider: z.string(),
  model: z.string(),
  updatedAt: z.string(),
});
export type InsightItem = z.infer<typeof insightItemSchema>;

export const meetingInsightsSchema = z.object({
  meetingId: z.string(),
  data: z.array(insightItemSchema),
  /** Rounded mean of the Technical, Communication and Behavioral scores; null until scored. */
  overallScore: z.number().nullable(),
  /** THRESHOLD_HR_SCORE, served so the web uses the server's value. */
  threshold: z.number(),
});
export type MeetingInsights = z.infer<typeof meetingInsightsSchema>;

/** AI-kit answers: data.data[] of {promptName, result} (spec 2 §7), with citations. */
export const aiKitResponseSchema = z.object({
  data: z.object({
    data: z.array(insightItemSchema.pick({ promptName: true, result: true, citations: true })),
    overallScore: z.number().nullable(),
  }),
});
export type AiKitResponse = z.infer<typeof aiKitResponseSchema>;

const transcriptionBody = z.object({
  /** Text to analyse instead of the meeting's stored transcript. */
  transcription: z.string().max(400_000).optional(),
});

export const INSIGHT_ACCESS = ['Public', 'Private'] as const;

/** Realtime events of the insights step (spec 2 §3), by prompt name; HR categories share one. */
export const INSIGHT_EVENTS = {
  hr: 'Zai insights',
  'Action Items': 'action items',
  Summary: 'summary',
  'Meeting Notes': 'meeting notes',
  'Key Questions': 'key questions',
  Charisma: 'charisma',
  Bias: 'bias',
  overall: 'overall score',
} as const;

/** Spec 2 §3: the sales prompts' events, one per default sales prompt. */
export const SALES_INSIGHT_EVENTS = [
  'customer intent',
  'intended features',
  'probe questions',
  'purchase confidence',
  'questions to ask',
  'tone and sentiment',
] as const;

/** A sales prompt's event is its name in lower case ('Customer Intent' -> 'customer intent'). */
export const insightEventFor = (promptName: string, group: InsightGroup): string => {
  if (group === 'hr') return INSIGHT_EVENTS.hr;
  const named = (INSIGHT_EVENTS as Record<string, string>)[promptName];
  return named ?? promptName.toLowerCase();
};

/** Payload of every insights event. */
export interface InsightEvent {
  meetingId: string;
  item: InsightItem;
}

export const INSIGHT_MESSAGES = {
  noActionItems: 'No action items generated for this meeting.',
  noInsights: 'No Zai insights generated for this meeting yet.',
  noTranscript: 'There is no transcript to analyze yet.',
  unknownSalesPrompt: (name: string) => `Unknown sales prompt '${name}'`,
  linkUnavailable: 'This analysis is not public',
  /** 502: a connected model answered a score prompt without a score, twice. */
  notJson: (model: string, prompt: string) =>
    `The model ${model} did not answer '${prompt}' in the expected JSON format (a score with insights). Try again or choose another model.`,
  tooltips: {
    Technical: 'Technical Score: assesses expertise in relevant technical domains',
    Communication: 'Communication Score: measures the ability to articulate ideas effectively',
    other: 'evaluates interpersonal and professional behavior',
  },
} as const;

const ZAI = 'Zai Intelligence' as const;
const tags = ['AI kit'];
const kitPost = <Path extends string>(path: Path, summary: string) =>
  defineRoute({
    method: 'POST',
    path,
    summary,
    tags,
    auth: true,
    permission: 'zai.use',
    feature: ZAI,
    body: transcriptionBody,
    response: aiKitResponseSchema,
  });

export const insightRoutes = {
  meeting: defineRoute({
    method: 'GET',
    path: '/text-analytics/meeting/:meetingId',
    summary: 'Stored Zai insights of a meeting, the overall score and the HR threshold',
    tags,
    auth: true,
    permission: 'meetings.read',
    feature: ZAI,
    response: meetingInsightsSchema,
  }),
  textAnalytics: kitPost(
    '/text-analytics/:meetingCode',
    'Summary, notes, key questions, action items, charisma and bias',
  ),
  textAnalyticsB2c: kitPost(
    '/text-analytics/b2c/:meetingCode',
    'A mock interview: evaluation categories, action items and summary',
  ),
  textScores: kitPost('/text-scores/:meetingCode', 'Technical, Communication, Behavioral scores'),
  hrAnalytics: kitPost('/hr-analytics/:meetingCode', 'Every HR evaluation category with insights'),
  publish: defineRoute({
    method: 'POST',
    path: '/public/:meetingCode',
    summary: 'Analyse a meeting and keep the answer behind a Public or Private link',
    tags,
    auth: true,
    permission: 'meetings.manage',
    feature: ZAI,
    body: transcriptionBody.extend({ access: z.enum(INSIGHT_ACCESS).default('Private') }),
    response: aiKitResponseSchema.extend({
      token: z.string(),
      access: z.enum(INSIGHT_ACCESS),
    }),
    status: 201,
  }),
  publicResult: defineRoute({
    method: 'GET',
    path: '/text-analytics/public/:token',
    summary: 'A Public analysis by its link (no sign-in)',
    tags,
    auth: false,
    response: aiKitResponseSchema,
  }),
  salesPrompts: defineRoute({
    method: 'GET',
    path: '/sales-prompt/:meetingCode',
    summary: 'Stored sales prompt results and the prompts of the meeting’s stage',
    tags,
    auth: true,
    permission: 'meetings.read',
    feature: ZAI,
    response: aiKitResponseSchema.extend({ prompts: z.array(z.string()) }),
  }),
  salesPrompt: defineRoute({
    method: 'POST',
    path: '/sales-prompt/:meetingCode',
    summary: 'Run one sales prompt on the meeting (or on the given text)',
    tags,
    auth: true,
    permission: 'zai.use',
    feature: ZAI,
    body: transcriptionBody.extend({ promptName: z.string().min(1).max(100) }),
    response: aiKitResponseSchema,
  }),
} as const;

/** Rounded mean of the overall categories' scores; null when none is scored. */
export function overallScoreOf(items: readonly Pick<InsightItem, 'promptName' | 'result'>[]) {
  const scores = items
    .filter((i) => (OVERALL_CATEGORIES as readonly string[]).includes(i.promptName))
    .map((i) => (Array.isArray(i.result) ? null : i.result.score))
    .filter((s): s is number => s !== null);
  if (scores.length === 0) return null;
  return Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);
}
