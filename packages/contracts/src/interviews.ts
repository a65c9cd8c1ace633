import { z } from 'zod';
import { citationSchema } from './insights.js';

/**
 * Hiring (spec 2 §3 Interview): jobs with their interview kit, candidates, and each interview
 * meeting's job, candidate, round and status. The routes live beside these shapes in
 * interviews-routes.ts; scorecards in scorecards.ts.
 */

/** Spec 2 §3 interviewStatus; a new interview is pending. */
export const INTERVIEW_STATUSES = ['pending', 'qualified', 'on_hold', 'rejected', 'hired'] as const;
export const interviewStatusSchema = z.enum(INTERVIEW_STATUSES);
export type InterviewStatus = z.infer<typeof interviewStatusSchema>;

export const INTERVIEW_STATUS_LABELS: Record<InterviewStatus, string> = {
  pending: 'Pending',
  qualified: 'Qualified',
  on_hold: 'On hold',
  rejected: 'Rejected',
  hired: 'Hired',
};

/** A rating on a competency's rubric: 1 (poor) to 5 (excellent). */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const ratingSchema = z.number().int().min(RATING_MIN).max(RATING_MAX);

/** One competency of a job's interview kit: what to ask and how to rate the answer. */
export const jobCompetencySchema = z.object({
  name: z.string().trim().min(1, 'Name the competency').max(100),
  description: z.string().trim().max(1000).default(''),
  /** Guiding questions for the interviewer. */
  questions: z.array(z.string().trim().min(1).max(500)).max(20).default([]),
  /** What a 1, 2, 3, 4 and 5 look like, in that order. */
  rubric: z.array(z.string().trim().max(500)).length(5),
});
export type JobCompetency = z.infer<typeof jobCompetencySchema>;

export const jobSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  title: z.string(),
  role: z.string(),
  description: z.string(),
  competencies: z.array(jobCompetencySchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

export const candidateSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
});
export type Candidate = z.infer<typeof candidateSchema>;

/** A transcript moment a rating, strength or concern rests on (seconds into the recording). */
export const evidenceSchema = citationSchema;
export type Evidence = z.infer<typeof evidenceSchema>;
