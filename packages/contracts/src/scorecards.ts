import { z } from 'zod';
import { defineRoute } from './route.js';
import { evidenceSchema, jobCompetencySchema, ratingSchema } from './interviews.js';

/**
 * Structured scorecards of interviews (issue 13 item 3): Zai's draft and each interviewer's own,
 * rated per competency of the job's interview kit, and the compare view of two to four
 * candidates of one job (item 2).
 */

/** An interviewer's overall recommendation. */
export const RECOMMENDATIONS = ['strong_yes', 'yes', 'no', 'strong_no'] as const;
export const recommendationSchema = z.enum(RECOMMENDATIONS);
export type Recommendation = z.infer<typeof recommendationSchema>;

export const RECOMMENDATION_LABELS: Record<Recommendation, string> = {
  strong_yes: 'Strong yes',
  yes: 'Yes',
  no: 'No',
  strong_no: 'Strong no',
};

/** Ratings at or above this are strengths in the compare view; at or below CONCERN_MAX concerns. */
export const STRENGTH_MIN = 4;
export const CONCERN_MAX = 2;

/** Moments one rating may cite. */
export const MAX_EVIDENCE = 10;

const HR = 'HR Workflow' as const;
const PERMISSION = 'interviews.manage' as const;

/** One competency's rating on a scorecard; rating null when it was not discussed. */
export const scorecardRatingSchema = z.object({
  competency: z.string().trim().min(1).max(100),
  rating: ratingSchema.nullable(),
  discussed: z.boolean(),
  notes: z.string().trim().max(2000).default(''),
  evidence: z.array(evidenceSchema).max(MAX_EVIDENCE).default([]),
});
export type ScorecardRating = z.infer<typeof scorecardRatingSchema>;

export const scorecardSchema = z.object({
  id: z.string(),
  meetingId: z.string(),
  /** Null for Zai's draft. */
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  ratings: z.array(scorecardRatingSchema),
  recommendation: recommendationSchema.nullable(),
  summary: z.string(),
  /** The engine that drafted it (Zai's draft only): 'local' is the built-in engine. */
  provider: z.string().nullable(),
  model: z.string().nullable(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type Scorecard = z.infer<typeof scorecardSchema>;

/** GET /scorecard/:meetingId: the kit, Zai's draft, the caller's own and everyone's submitted. */
export const scorecardViewSchema = z.object({
  meetingId: z.string(),
  job: z.object({ id: z.string(), title: z.string() }).nullable(),
  candidateName: z.string().nullable(),
  competencies: z.array(jobCompetencySchema),
  draft: scorecardSchema.nullable(),
  /** Why there is no draft (no kit, no transcript yet), when there is none. */
  draftMissing: z.string().nullable(),
  mine: scorecardSchema.nullable(),
  submitted: z.array(scorecardSchema),
});
export type ScorecardView = z.infer<typeof scorecardViewSchema>;

export const saveScorecardBody = z.object({
  ratings: z.array(scorecardRatingSchema).max(50),
  recommendation: recommendationSchema.nullable().optional(),
  summary: z.string().trim().max(5000).optional(),
});
export type SaveScorecardBody = z.input<typeof saveScorecardBody>;

/** Where a compared competency score comes from. */
export const COMPARE_SOURCES = ['interviewers', 'draft', 'none'] as const;
export type CompareSource = (typeof COMPARE_SOURCES)[number];

/** A strength or concern of a candidate and the moment it rests on. */
export const comparePointSchema = z.object({
  competency: z.string(),
  rating: z.number(),
  note: z.string(),
  evidence: z.array(evidenceSchema),
});
export type ComparePoint = z.infer<typeof comparePointSchema>;

export const compareCandidateSchema = z.object({
  meetingId: z.string(),
  meetingName: z.string(),
  candidateName: z.string(),
  round: z.number().nullable(),
  overallScore: z.number().nullable(),
  categories: z.array(z.object({ name: z.string(), score: z.number() })),
  competencies: z.array(
    z.object({
      competency: z.string(),
      /** Mean of the submitted interviewers' ratings, else Zai's draft rating; null if none. */
      score: z.number().nullable(),
      source: z.enum(COMPARE_SOURCES),
      raters: z.number(),
    }),
  ),
  strengths: z.array(comparePointSchema),
  concerns: z.array(comparePointSchema),
});
export type CompareCandidate = z.infer<typeof compareCandidateSchema>;

export const compareResponseSchema = z.object({
  job: z.object({ id: z.string(), title: z.string() }),
  competencies: z.array(z.string()),
  candidates: z.array(compareCandidateSchema),
});
export type CompareResponse = z.infer<typeof compareResponseSchema>;

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

export const SCORECARD_MESSAGES = {
  notInterview: 'This meeting is not an interview of a job',
  noKit: 'The job has no interview kit yet: add competencies to the job to use scorecards.',
  noTranscript: 'There is no transcript to draft a scorecard from yet.',
  notSubmittable:
    'Rate or mark as not discussed every competency and choose a recommendation before submitting.',
  unknownCompetency: (name: string) => `'${name}' is not a competency of this job's interview kit`,
  ratingWithoutDiscussion: (name: string) =>
    `'${name}' is marked as not discussed, so it cannot have a rating`,
  alreadySubmitted: 'This scorecard is submitted and can no longer be changed.',
  compareCount: `Choose two to four interviews to compare.`,
  compareOneJob: 'Compare interviews of one job: these belong to different jobs or to none.',
  saved: 'Scorecard saved',
  submitted: 'Scorecard submitted',
  notDiscussed: 'Not discussed in this interview.',
  draftFailed:
    'Zai could not draft this scorecard. Try Re-draft, or check the AI provider in Configuration.',
} as const;

export const scorecardRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/scorecard/:meetingId',
    summary: "An interview's kit, Zai's draft scorecard, the caller's own and every submitted one",
    tags: ['scorecards'],
    auth: true,
    permission: PERMISSION,
    feature: HR,
    response: scorecardViewSchema,
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/scorecard/:meetingId',
    summary: "Save the caller's ratings, notes, evidence and recommendation",
    tags: ['scorecards'],
    auth: true,
    permission: PERMISSION,
    feature: HR,
    body: saveScorecardBody,
    response: scorecardSchema,
  }),
  submit: defineRoute({
    method: 'POST',
    path: '/scorecard/:meetingId/submit',
    summary: "Submit the caller's scorecard",
    tags: ['scorecards'],
    auth: true,
    permission: PERMISSION,
    feature: HR,
    response: scorecardSchema,
  }),
  draft: defineRoute({
    method: 'POST',
    path: '/scorecard/:meetingId/draft',
    summary: "Have Zai draft the interview's scorecard again",
    tags: ['scorecards'],
    auth: true,
    permission: PERMISSION,
    feature: HR,
    response: scorecardSchema,
  }),
  compare: defineRoute({
    method: 'GET',
    path: '/interview/compare',
    summary: 'Two to four candidates of one job side by side',
    tags: ['scorecards'],
    auth: true,
    permission: PERMISSION,
    feature: HR,
    query: z.object({ meetingIds: z.string().max(1000) }),
    response: compareResponseSchema,
  }),
} as const;
