import { z } from 'zod';
import {
  candidateSchema,
  interviewStatusSchema,
  jobCompetencySchema,
  jobSchema,
} from './interviews.js';
import { meetingListQuery, meetingSchema } from './meetings.js';
import { defineRoute } from './route.js';

/**
 * The hiring routes (spec 2 §7: meeting/user/hr, meeting/interview/update-status,
 * interview/send-invitation, meeting/lastround, meeting/interview/all) and the jobs with their
 * interview kit. Every one needs 'interviews.manage' and the HR Workflow feature.
 */
const HR = 'HR Workflow' as const;
const PERMISSION = 'interviews.manage' as const;

/** What the hiring screens say (spec 2 §8 where it names them). */
export const INTERVIEW_MESSAGES = {
  jobNotFound: 'Job not found',
  jobInUse: (n: number) =>
    `This job is used by ${n} interview${n === 1 ? '' : 's'}; move them to another job first`,
  jobDeleted: 'Job deleted',
  notAnInterview: 'This meeting has no interview yet: set its job and candidate first',
  noCandidateEmail: 'The interview has no candidate e-mail',
  meetingNotFound: 'Meeting not found',
  invitationFailed: 'The invitation e-mail could not be sent',
  qualifyFailed: 'Qualify Meetings Failed',
  sendInvitationFailed: 'Send Invitation Failed',
  setLastRoundFailed: 'Set Last Round Failed',
  statusUpdated: (n: number) => `${n} interview${n === 1 ? '' : 's'} updated`,
  invitationsSent: (n: number) => `${n} invitation${n === 1 ? '' : 's'} sent`,
} as const;

/** The highest round number an interview may have. */
export const MAX_ROUND = 20;
export const roundSchema = z.coerce.number().int().min(1).max(MAX_ROUND);

const jobTitle = z.string().trim().min(1, 'Give the job a title').max(200);
const jobRole = z.string().trim().max(200);
const jobDescription = z.string().trim().max(5000);
const jobCompetencies = z.array(jobCompetencySchema).max(20);

export const jobFieldsSchema = z.object({
  title: jobTitle,
  role: jobRole.default(''),
  description: jobDescription.default(''),
  competencies: jobCompetencies.default([]),
});
/** A change of a job: only the fields given change (no defaults, unlike creation). */
export const jobPatchSchema = z.object({
  title: jobTitle.optional(),
  role: jobRole.optional(),
  description: jobDescription.optional(),
  competencies: jobCompetencies.optional(),
});
export type JobFields = z.input<typeof jobFieldsSchema>;

/** A job in the list, with how many interviews use it. */
export const jobListItemSchema = jobSchema.extend({ interviews: z.number() });
export type JobListItem = z.infer<typeof jobListItemSchema>;

export const jobListQuery = z.object({
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(200).optional(),
});

/** A meeting's interview (spec 2 §3 Interview); GET answers null before one is set. */
export const meetingInterviewSchema = z.object({
  meetingId: z.string(),
  job: jobSchema.nullable(),
  candidate: candidateSchema.nullable(),
  round: z.number(),
  lastRound: z.boolean(),
  status: interviewStatusSchema,
  invitedAt: z.string().nullable(),
});
export type MeetingInterview = z.infer<typeof meetingInterviewSchema>;

export const setInterviewBody = z
  .object({
    jobId: z.uuid().nullable().optional(),
    candidateName: z.string().trim().max(200).optional(),
    /** Empty or absent: no candidate. The candidate is found (or made) by e-mail. */
    candidateEmail: z.union([z.email('Enter a valid e-mail').max(320), z.literal('')]).optional(),
    round: roundSchema.default(1),
  })
  .refine((b) => !b.candidateName || Boolean(b.candidateEmail), {
    message: 'Give the candidate’s e-mail',
    path: ['candidateEmail'],
  });
export type SetInterviewBody = z.input<typeof setInterviewBody>;

/** One row of the HR list and of a candidate's interviews. */
export const hrInterviewRowSchema = z.object({
  meeting: meetingSchema,
  candidate: candidateSchema.nullable(),
  job: z.object({ id: z.string(), title: z.string(), role: z.string() }).nullable(),
  round: z.number(),
  lastRound: z.boolean(),
  status: interviewStatusSchema,
  invitedAt: z.string().nullable(),
  /** Rounded mean of the Technical, Communication and Behavioral scores; null before them. */
  overallScore: z.number().nullable(),
});
export type HrInterviewRow = z.infer<typeof hrInterviewRowSchema>;

export const hrListQuery = meetingListQuery.extend({
  order: z
    .string()
    .regex(
      /^(createdAt|meetingName|duration|startTime|inferenceStatus|overallScore|round|candidateName):(asc|desc)$/,
    )
    .default('createdAt:desc'),
  interviewStatus: interviewStatusSchema.optional(),
  round: roundSchema.optional(),
  jobId: z.uuid().optional(),
});
export type HrListQuery = z.input<typeof hrListQuery>;

export const hrListResponse = z.object({
  data: z.array(hrInterviewRowSchema),
  count: z.number(),
  /** The rounds that exist under the other filters, with their counts: the list's tabs. */
  rounds: z.array(z.object({ round: z.number(), count: z.number() })),
});
export type HrListResponse = z.infer<typeof hrListResponse>;

const meetingIds = z
  .array(z.uuid())
  .min(1, 'Select at least one meeting')
  .max(100)
  .transform((ids) => [...new Set(ids)]);

/** Per meeting, whether a bulk action succeeded; a failure says why. */
export const bulkResultSchema = z.object({
  message: z.string(),
  succeeded: z.array(z.string()),
  failed: z.array(
    z.object({ meetingId: z.string(), meetingName: z.string().nullable(), reason: z.string() }),
  ),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const candidateInterviewsBody = z
  .object({
    jobId: z.uuid().optional(),
    jobRole: z.string().trim().max(200).optional(),
    candidateEmail: z.email().max(320),
  })
  .refine((b) => Boolean(b.jobId || b.jobRole), {
    message: 'Give the job or its role',
    path: ['jobId'],
  });

export const interviewRoutes = {
  listJobs: defineRoute({
    method: 'GET',
    path: '/job',
    summary: 'Jobs of the organisation with their interview kit, searched and paged',
    tags: ['interviews'],
    auth: true,
    permission: PERMISSION,
    feature: HR,
    query: jobListQuery,
    response: z.object({ data: z.array(jobListItemSchema), count: z.number() }),
  }),
  getJob: defineRoute({
    method: 'GET',
    path: '/job/:id',
    summary: 'One job with its interview kit',
    tags: ['interviews'],
    auth: true,
    permission: PERMISSION,
    feature: HR,
    response: jobSchema,
  }),
  createJob: defineRoute({
    method: 'POST',
    path: '/job',
    summary: 'Create a job and its interview kit',
    tags: ['interviews'],
    auth: true,
    permission: PERMISSION,
    feature: HR,
    body: jobFieldsSchema,
    response: jobSchema,
    status: 201,
  }),
  updateJob: defineRoute({
    method: 'PATCH',
    path: '/job/:id',
    summary: 'Change a job or its interview kit',
    tags: ['interviews'],
    auth: true,
    permission: PERMISSION,
    feature: HR,
    body: jobPatchSchema,
    response: jobSchema,
  }),
  removeJob: defineRoute({
    method: 'DELETE',
    path: '/job/:id',
    summary: 'Delete a job no interview uses (409 otherwise)',
    tags: ['interviews'],
    auth: true,
    permission: PERMISSION,
    feature: HR,
    response: z.object({ message: z.string() }),
  }),
  setInterview: defineRoute({
    method: 'PUT',
    path: '/meeting/interview/:meetingId',
    summary: 'Set a meeting’s job, candidate and round',
    tags: ['interviews'],
    auth: true,
    permission: PERMISSION,
    feature: HR,
    body: setInterviewBody,
    response: meetingInterviewSchema,
  }),
  getInterview: defineRoute({
    method: 'GET',
    path: '/meeting/interview/:meetingId',
    summary: 'A meeting’s job, candidate, round and status (null before they are set)',
    tags: ['interviews'],
    auth: true,
    permission: PERMISSION,
    feature: HR,
    response: meetingInterviewSchema.nullable(),
  }),
  candidateInterviews: defineRoute({
    method: 'POST',
    path: '/meeting/interview/all',
    summary: 'A candidate’s interviews for a job across rounds',
    tags: ['interviews'],
    auth: true,
    permission: PERMISSION,
    feature: HR,
    body: candidateInterviewsBody,
    response: z.array(hrInterviewRowSchema),
  }),
  setLastRound: defineRoute({
    method: 'PUT',
    path: '/meeting/lastround',
    summary: 'Mark whether an interview is the candidate’s last round',
    tags: ['interviews'],
    auth: true,
    permission: PERMISSION,
    feature: HR,
    body: z.object({ meetingId: z.uuid(), lastRound: z.boolean() }),
    response: meetingInterviewSchema,
  }),
  hrList: defineRoute({
    method: 'GET',
    path: '/meeting/user/hr',
    summary: 'Interviews by round and status, searched, filtered, sorted and paged',
    tags: ['interviews'],
    auth: true,
    permission: PERMISSION,
    feature: HR,
    query: hrListQuery,
    response: hrListResponse,
  }),
  updateStatus: defineRoute({
    method: 'PUT',
    path: '/meeting/interview/update-status',
    summary: 'Set the interview status of several meetings (per-meeting result)',
    tags: ['interviews'],
    auth: true,
    permission: PERMISSION,
    feature: HR,
    body: z.object({ meetingIds, interviewStatus: interviewStatusSchema }),
    response: bulkResultSchema,
  }),
  sendInvitation: defineRoute({
    method: 'PUT',
    path: '/interview/send-invitation',
    summary: 'E-mail each candidate the next round and their biometric registration link',
    tags: ['interviews'],
    auth: true,
    permission: PERMISSION,
    feature: HR,
    body: z.object({ meetingIds }),
    response: bulkResultSchema,
  }),
} as const;
