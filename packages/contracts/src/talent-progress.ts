import { z } from 'zod';
import { OVERALL_CATEGORIES } from './insights.js';
import { meetingListQuery, meetingSchema } from './meetings.js';
import { defineRoute } from './route.js';
import { mockLevelSchema } from './talent-pool.js';
import { mockInterviewSchema } from './talent-profile.js';

/**
 * A job seeker's practice (issue 19 item 7; spec 3 §7 Individual (B2C): POST
 * b2c/mock-interview/submit, POST meeting/b2c/user/analysis {year}; spec 2 §7 GET
 * meeting/user/b2c). A practice is one of the seeker's own meetings, usually the recording of
 * a mock interview; its skills are the interview evaluation categories the analysis scores
 * (Technical, Communication, Behavioral), and its score their rounded mean, as everywhere.
 */
export const PRACTICE_SKILLS = OVERALL_CATEGORIES;
export type PracticeSkill = (typeof PRACTICE_SKILLS)[number];

export const TALENT_PROGRESS_MESSAGES = {
  meetingNotFound: 'Meeting not found',
  alreadySubmitted: 'This mock interview has another recording',
  meetingTaken: 'This recording belongs to another mock interview',
  submitted: 'Mock interview submitted',
  analysisFailed: 'Failed to get your practice analysis',
  meetingsFailed: 'Failed to get your practice meetings',
} as const;

export const submitMockInterviewBody = z.object({
  mockInterviewId: z.uuid(),
  /** The meeting the interview's recording became (its upload queues the analysis). */
  meetingId: z.uuid(),
});
export type SubmitMockInterviewBody = z.input<typeof submitMockInterviewBody>;

const skillScoresSchema = z.object({
  Technical: z.number().nullable(),
  Communication: z.number().nullable(),
  Behavioral: z.number().nullable(),
});
export type SkillScores = z.infer<typeof skillScoresSchema>;

/** A practice meeting with its scores (null until analysed) and the interview it recorded. */
export const practiceMeetingSchema = meetingSchema.extend({
  overallScore: z.number().nullable(),
  skills: skillScoresSchema,
  mockInterview: z
    .object({
      id: z.string(),
      companyName: z.string(),
      jobRole: z.string(),
      level: mockLevelSchema,
    })
    .nullable(),
});
export type PracticeMeeting = z.infer<typeof practiceMeetingSchema>;
export const practiceMeetingPageSchema = z.object({
  data: z.array(practiceMeetingSchema),
  count: z.number().int(),
});

/** GET meeting/user/b2c: page, size, from, to, search (spec 2 §7). */
export const practiceMeetingQuery = meetingListQuery.pick({
  page: true,
  size: true,
  from: true,
  to: true,
  search: true,
});
export type PracticeMeetingQuery = z.input<typeof practiceMeetingQuery>;

export const practiceAnalysisBody = z.object({
  year: z.number().int().min(2000).max(2100),
});

export const practiceMonthSchema = z.object({
  /** 1–12. */
  month: z.number().int(),
  practices: z.number().int(),
  scoredPractices: z.number().int(),
  /** Mean overall score of the month's scored practices; null when none was scored. */
  averageScore: z.number().nullable(),
  /** Mean per skill over the practices where it was scored; null when none. */
  skills: skillScoresSchema,
});
export type PracticeMonth = z.infer<typeof practiceMonthSchema>;

export const practiceAnalysisSchema = z.object({
  year: z.number().int(),
  /** Always twelve, January first; an empty month counts 0 practices and null scores. */
  months: z.array(practiceMonthSchema),
  practices: z.number().int(),
  averageScore: z.number().nullable(),
  streak: z.object({
    unit: z.literal('week'),
    /** Consecutive weeks with a practice up to this week (or last week, if none yet this week). */
    current: z.number().int(),
    longest: z.number().int(),
    /** Monday (YYYY-MM-DD, UTC) of the last week with a practice; null before any. */
    lastWeek: z.string().nullable(),
  }),
  /** Null for a seeker with neither a scored practice nor a mock interview set up. */
  nextPractice: z
    .object({
      /** The weakest skill over the latest scored practices; null before any was scored. */
      skill: z.enum(PRACTICE_SKILLS).nullable(),
      skillScore: z.number().nullable(),
      suggestion: z.string(),
      /** From the latest mock interview; null when none was set up. */
      companyName: z.string().nullable(),
      jobRole: z.string().nullable(),
      level: mockLevelSchema.nullable(),
    })
    .nullable(),
});
export type PracticeAnalysis = z.infer<typeof practiceAnalysisSchema>;

const own = {
  auth: true as const,
  permission: 'profile.own' as const,
  talentPool: true as const,
  tags: ['b2c'],
};

export const talentProgressRoutes = {
  submitMockInterview: defineRoute({
    ...own,
    method: 'POST',
    path: '/b2c/mock-interview/submit',
    summary: 'Submit an own mock interview with the meeting its recording became',
    body: submitMockInterviewBody,
    response: mockInterviewSchema,
  }),
  practiceMeetings: defineRoute({
    ...own,
    permission: 'meetings.read',
    method: 'GET',
    path: '/meeting/user/b2c',
    summary: 'The own practice meetings with their scores, searched, dated and paged',
    query: practiceMeetingQuery,
    response: practiceMeetingPageSchema,
  }),
  practiceAnalysis: defineRoute({
    ...own,
    permission: 'meetings.read',
    method: 'POST',
    path: '/meeting/b2c/user/analysis',
    summary: 'Practice over a year per month, scores per skill, streaks and the next practice',
    body: practiceAnalysisBody,
    response: practiceAnalysisSchema,
  }),
} as const;
