import { z } from 'zod';
import { meetingStageSchema } from './meetings.js';

/**
 * Quizzes on a training video, attempts at them and coaching progress (spec 1 §3, §7
 * Assessments). The correct answers stay on the server: a learner's quiz has none, and an
 * attempt is scored by the server on submit.
 */
export const QUIZ_QUESTION_KINDS = ['single', 'multiple'] as const;
export const quizQuestionKindSchema = z.enum(QUIZ_QUESTION_KINDS);

/** Limits of a quiz an author writes (or the built-in engine drafts). */
export const QUIZ_LIMITS = { questions: 50, options: 10, text: 1000 } as const;

/** The moment of the video that answers a question, in seconds. */
export const quizMomentSchema = z.object({
  start: z.number().min(0),
  end: z.number().min(0),
});

export const quizOptionSchema = z.object({ id: z.string(), text: z.string() });

/** A question as a learner sees it: no answer key. */
export const quizQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  kind: quizQuestionKindSchema,
  options: z.array(quizOptionSchema),
  moment: quizMomentSchema.nullable(),
});
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

/** quiz/fetch {meetingId} answers {id, questions} (spec 1 §7), without the correct answers. */
export const quizSchema = z.object({
  id: z.string(),
  meetingId: z.string(),
  title: z.string(),
  isDefault: z.boolean(),
  questions: z.array(quizQuestionSchema),
});
export type Quiz = z.infer<typeof quizSchema>;

/** The author's view: each question with the ids of its correct options. */
export const quizWithKeySchema = quizSchema.extend({
  questions: z.array(quizQuestionSchema.extend({ correct: z.array(z.string()) })),
});
export type QuizWithKey = z.infer<typeof quizWithKeySchema>;

const text = z.string().trim().min(1).max(QUIZ_LIMITS.text);

/** A question as its author writes it: options flagged correct or not. */
export const quizQuestionInput = z
  .object({
    text,
    kind: quizQuestionKindSchema,
    options: z
      .array(z.object({ text, correct: z.boolean() }))
      .min(2, 'A question needs at least two options')
      .max(QUIZ_LIMITS.options),
    moment: quizMomentSchema.nullable().optional(),
  })
  .superRefine((q, ctx) => {
    const correct = q.options.filter((o) => o.correct).length;
    if (q.kind === 'single' ? correct !== 1 : correct < 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['options'],
        message:
          q.kind === 'single'
            ? 'A single-choice question needs exactly one correct option'
            : 'A multiple-choice question needs at least one correct option',
      });
    }
  });
export type QuizQuestionInput = z.input<typeof quizQuestionInput>;

export const quizFieldsSchema = z.object({
  title: z.string().trim().max(200).optional(),
  questions: z
    .array(quizQuestionInput)
    .min(1, 'A quiz needs at least one question')
    .max(QUIZ_LIMITS.questions),
});
export const quizCreateBody = quizFieldsSchema.extend({ meetingId: z.string() });
export const quizMeetingBody = z.object({ meetingId: z.string() });

/** Questions drafted in one call: by default, and at most. */
export const QUIZ_DRAFT = { count: 5, maxCount: 20 } as const;

/** coaching/quiz/generate: questions drafted from the video's transcript, not saved. */
export const quizGenerateBody = z.object({
  meetingId: z.string(),
  count: z.number().int().min(1).max(QUIZ_DRAFT.maxCount).optional(),
});

/**
 * A drafted question as the editor takes it: options flagged correct, and the moment of the
 * video that answers it, which the author can play before keeping the question.
 */
export const quizDraftQuestionSchema = z.object({
  text: z.string(),
  kind: quizQuestionKindSchema,
  options: z.array(z.object({ text: z.string(), correct: z.boolean() })),
  moment: quizMomentSchema,
});
export type QuizDraftQuestion = z.infer<typeof quizDraftQuestionSchema>;

/** The draft and who wrote it: a connected model, or the built-in engine ('local'). */
export const quizDraftSchema = z.object({
  questions: z.array(quizDraftQuestionSchema),
  provider: z.string(),
  model: z.string(),
});
export type QuizDraft = z.infer<typeof quizDraftSchema>;

export const ATTEMPT_STATUSES = ['in_progress', 'completed'] as const;
export const attemptStatusSchema = z.enum(ATTEMPT_STATUSES);

/** An attempt (spec 1 §3): userAnswers by question id, a status, and a score once completed. */
export const attemptSchema = z.object({
  id: z.string(),
  quizId: z.string(),
  meetingId: z.string(),
  status: attemptStatusSchema,
  userAnswers: z.record(z.string(), z.array(z.string())),
  /** Percentage of questions answered exactly right (0–100, one decimal); null until submitted. */
  score: z.number().nullable(),
  correctCount: z.number().nullable(),
  questionCount: z.number(),
  startedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Attempt = z.infer<typeof attemptSchema>;

export const attemptAnswerBody = z.object({
  questionId: z.string().min(1).max(100),
  answers: z.array(z.string().min(1).max(100)).max(QUIZ_LIMITS.options),
});

/** coaching/progress (spec 1 §7), seconds. */
export const progressBody = z
  .object({
    stage: meetingStageSchema,
    meetingId: z.string(),
    watchedDuration: z
      .number()
      .min(0)
      .max(7 * 24 * 3600),
    totalDuration: z
      .number()
      .positive()
      .max(7 * 24 * 3600),
    /**
     * Accepted for the spec's payload, never stored as sent: the score kept is the server's,
     * from the caller's latest submitted attempt at the video's quiz.
     */
    quizScore: z.number().min(0).max(100).optional(),
  })
  .refine((b) => b.watchedDuration <= b.totalDuration, {
    message: 'The watched time cannot pass the video’s length',
    path: ['watchedDuration'],
  });

/** coaching/update/score: the server-scored attempt becomes the video's quiz score. */
export const updateScoreBody = z.object({
  meetingId: z.string(),
  attemptId: z.string().optional(),
});

/** One video's progress for one user. */
export const videoProgressSchema = z.object({
  meetingId: z.string(),
  stage: meetingStageSchema,
  /** Where the user stopped: the player resumes here. */
  watchedDuration: z.number(),
  /** The furthest point reached, which the watched share counts. */
  furthestDuration: z.number(),
  totalDuration: z.number(),
  watchedShare: z.number(),
  quizScore: z.number().nullable(),
  attempts: z.number(),
  updatedAt: z.string(),
});
export type VideoProgress = z.infer<typeof videoProgressSchema>;

/** A stage's summary: the share of its videos watched, the quiz scores, the attempts. */
export const stageProgressSchema = z.object({
  stage: meetingStageSchema,
  videos: z.number(),
  videosStarted: z.number(),
  /** Mean over the stage's videos of the share watched (unstarted ones count 0); 0–1. */
  watchedShare: z.number(),
  /** Mean of the latest quiz score per quizzed video; null when none was submitted. */
  quizScore: z.number().nullable(),
  attempts: z.number(),
});
export type StageProgress = z.infer<typeof stageProgressSchema>;

export const myProgressSchema = z.object({
  stages: z.array(stageProgressSchema),
  videos: z.array(videoProgressSchema),
});
export const myProgressQuery = z.object({ stage: meetingStageSchema.optional() });

export const teamProgressQuery = z.object({
  search: z.string().trim().max(200).optional(),
});
export const teamProgressBody = z
  .object({ stage: meetingStageSchema.optional() })
  .optional()
  .default({});
export const teamMemberProgressSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  started: z.boolean(),
  stages: z.array(stageProgressSchema),
});
export const teamProgressSchema = z.object({ data: z.array(teamMemberProgressSchema) });
