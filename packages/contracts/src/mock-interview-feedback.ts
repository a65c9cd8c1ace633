import { z } from 'zod';
import { inferenceStatusSchema } from './meetings.js';
import { defineRoute } from './route.js';
import { mockStateSchema } from './talent-profile.js';

/**
 * Feedback on a mock interview (issue 19 item 6): per-answer feedback resting on a moment of
 * the recording, a better answer for the weakest one, and the seeker's practice goals (a
 * custom rubric of yes/no and 1–10 goals) scored on every interview analysed after they exist.
 */
export const FEEDBACK_MESSAGES = {
  goalNotFound: 'Practice goal not found',
  tooManyGoals: 'You can keep up to 12 practice goals; delete one first',
  notEnoughSignal: 'Not enough signal: the answer was empty or too short to judge',
  feedbackFailed: 'Failed to get the feedback',
  goalsFailed: 'Failed to get your practice goals',
  goalSaveFailed: 'Failed to save the practice goal',
} as const;

export const GOAL_LIMITS = { max: 12, textMax: 160 } as const;

export const GOAL_KINDS = ['yes_no', 'rating'] as const;
export const goalKindSchema = z.enum(GOAL_KINDS);
export type GoalKind = z.infer<typeof goalKindSchema>;

export const practiceGoalSchema = z.object({
  id: z.string(),
  kind: goalKindSchema,
  text: z.string(),
  createdAt: z.string(),
});
export type PracticeGoal = z.infer<typeof practiceGoalSchema>;
export const practiceGoalListSchema = z.object({ data: z.array(practiceGoalSchema) });

export const practiceGoalBody = z.object({
  kind: goalKindSchema,
  text: z.string().trim().min(3, 'Say what the goal is').max(GOAL_LIMITS.textMax),
});
export type PracticeGoalBody = z.input<typeof practiceGoalBody>;

/** Where in the recording an answer was given, in seconds from its start. */
export const answerMomentSchema = z.object({ start: z.number(), end: z.number() });
export type AnswerMoment = z.infer<typeof answerMomentSchema>;

export const answerFeedbackSchema = z.object({
  question: z.number().int(),
  questionText: z.string(),
  /** What the seeker said (with the follow-up's answer after it). */
  transcript: z.string(),
  /** Null when the run did not record when the answer was given. */
  moment: answerMomentSchema.nullable(),
  /** 0–100; null when there was not enough signal to judge. */
  score: z.number().int().min(0).max(100).nullable(),
  strengths: z.array(z.string()),
  practiseNext: z.array(z.string()),
  /** What the score rests on (words, fillers, specifics…), for the built-in engine. */
  signals: z.array(z.string()),
});
export type AnswerFeedback = z.infer<typeof answerFeedbackSchema>;

export const goalResultSchema = z.object({
  goalId: z.string(),
  kind: goalKindSchema,
  text: z.string(),
  /** yes/no goals: met or not; null without enough signal. */
  met: z.boolean().nullable(),
  /** rating goals: 1–10; null without enough signal. */
  rating: z.number().int().min(1).max(10).nullable(),
  /** Why: the rule applied and what it found. */
  reason: z.string(),
});
export type GoalResult = z.infer<typeof goalResultSchema>;

export const betterAnswerSchema = z.object({
  question: z.number().int(),
  questionText: z.string(),
  text: z.string(),
});

export const mockFeedbackSchema = z.object({
  interviewId: z.string(),
  state: mockStateSchema,
  meetingId: z.string().nullable(),
  /** The meeting's analysis status, for "analysis in progress". */
  analysisStatus: inferenceStatusSchema.nullable(),
  statusReason: z.string().nullable(),
  /** Null until the analysis has finished and the feedback is written. */
  feedback: z
    .object({
      /** 'built-in' or the model that wrote it. */
      by: z.string(),
      answers: z.array(answerFeedbackSchema),
      betterAnswer: betterAnswerSchema.nullable(),
      goals: z.array(goalResultSchema),
      createdAt: z.string(),
    })
    .nullable(),
});
export type MockFeedback = z.infer<typeof mockFeedbackSchema>;

const own = {
  auth: true as const,
  permission: 'profile.own' as const,
  tags: ['b2c'],
  talentPool: true as const,
};

export const mockFeedbackRoutes = {
  feedback: defineRoute({
    ...own,
    method: 'GET',
    path: '/b2c/mock-interview/:id/feedback',
    summary:
      'Feedback on an own mock interview: per-answer feedback with its moment, the better answer for the weakest, and the practice goals’ results (null until analysed)',
    response: mockFeedbackSchema,
  }),
  goals: defineRoute({
    ...own,
    method: 'GET',
    path: '/b2c/practice-goals',
    summary: 'The own practice goals, oldest first',
    response: practiceGoalListSchema,
  }),
  createGoal: defineRoute({
    ...own,
    method: 'POST',
    path: '/b2c/practice-goals',
    summary:
      'Add a practice goal (yes/no or rated 1–10); interviews analysed from now on are scored against it',
    body: practiceGoalBody,
    response: practiceGoalSchema,
    status: 201,
  }),
  updateGoal: defineRoute({
    ...own,
    method: 'PUT',
    path: '/b2c/practice-goals/:id',
    summary: 'Change a practice goal',
    body: practiceGoalBody,
    response: practiceGoalSchema,
  }),
  deleteGoal: defineRoute({
    ...own,
    method: 'DELETE',
    path: '/b2c/practice-goals/:id',
    summary: 'Delete a practice goal (results already given keep their text)',
    response: z.object({ message: z.string() }),
  }),
} as const;
