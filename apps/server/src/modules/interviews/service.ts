import type { z } from 'zod';
import {
  INTERVIEW_MESSAGES as I,
  type BulkResult,
  type Candidate,
  type HrInterviewRow,
  type hrListQuery,
  type InterviewStatus,
  type Job,
  type jobFieldsSchema,
  type JobListItem,
  type MeetingInterview,
} from '@parley/contracts';
import { conflict, notFound } from '../../platform/errors.js';
import type { Caller } from '../../platform/http/caller.js';
import type { Mailer } from '../../platform/mail.js';
import type { MediaLinks } from '../../platform/media/links.js';
import { toMeeting, type MeetingRow, type MeetingsService } from '../meetings/index.js';
import type { CandidateRow, HrRow, InterviewRow, InterviewsRepo, JobRow } from './repo.js';

export interface InterviewsDeps {
  repo: InterviewsRepo;
  meetings: MeetingsService;
  links: MediaLinks;
  mailer: Mailer;
  /** The biometrics module's HR registration link for a candidate (no e-mail of its own). */
  registrationLink(
    caller: Caller,
    candidate: { email: string; name: string; applicantId: string },
  ): Promise<string>;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
}

type JobFields = z.output<typeof jobFieldsSchema>;
type HrQuery = z.output<typeof hrListQuery>;

/** What other modules (scorecards, reports) read of a meeting's interview. */
export interface InterviewOf {
  job: Job | null;
  candidate: Candidate | null;
  round: number;
  lastRound: boolean;
  status: InterviewStatus;
  invitedAt: string | null;
}

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    organizationId: row.organizationId,
    title: row.title,
    role: row.role,
    description: row.description,
    competencies: row.competencies,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toCandidate = (row: CandidateRow): Candidate => ({
  id: row.id,
  name: row.name,
  email: row.email,
});

/** A failure of one meeting in a bulk action, named so the list can show which rows failed. */
interface Failure {
  meetingId: string;
  meetingName: string | null;
  reason: string;
}

/**
 * Hiring (spec 2 §3 Interview, §7): jobs with their interview kit, each interview meeting's
 * job, candidate, round, last round and status, the HR list, and invitations to the next
 * round. Meetings are reached through the meetings service, so another organisation's meeting
 * (or one the caller may not see) answers 404; jobs and candidates belong to an organisation.
 */
export function createInterviewsService(deps: InterviewsDeps) {
  const { repo, meetings, now } = deps;

  async function ownJob(caller: Caller, id: string): Promise<JobRow> {
    const row = await repo.jobById(caller.organizationId, id);
    if (!row) throw notFound(I.jobNotFound);
    return row;
  }

  async function interviewOf(
    organizationId: string,
    meetingId: string,
  ): Promise<InterviewOf | null> {
    const row = await repo.interviewOf(meetingId);
    if (!row || row.organizationId !== organizationId) return null;
    const [job, candidate] = await Promise.all([
      row.jobId ? repo.jobById(organizationId, row.jobId) : null,
      row.candidateId ? repo.candidateById(row.candidateId) : null,
    ]);
    return {
      job: job ? toJob(job) : null,
      candidate: candidate ? toCandidate(candidate) : null,
      round: row.round,
      lastRound: row.lastRound,
      status: row.status,
      invitedAt: row.invitedAt?.toISOString() ?? null,
    };
  }

  async function view(organizationId: string, meetingId: string): Promise<MeetingInterview> {
    const found = await interviewOf(organizationId, meetingId);
    if (!found) throw notFound(I.notAnInterview);
    return { meetingId, ...found };
  }

  const toRow = (caller: Caller, r: HrRow): HrInterviewRow => ({
    meeting: toMeeting(r.meeting, deps.links, { userId: caller.userId }),
    candidate: r.candidate,
    job: r.job,
    round: r.interview.round,
    lastRound: r.interview.lastRound,
    status: r.interview.status,
    invitedAt: r.interview.invitedAt?.toISOString() ?? null,
    overallScore: r.overallScore === null ? null : Number(r.overallScore),
  });

  /**
   * Each meeting the caller sees, with its interview; the others become failures with the
   * reason, so a bulk action acts on the rest and names what it skipped.
   */
  async function bulkTargets(caller: Caller, meetingIds: string[]) {
    const seen: { meeting: MeetingRow; interview: InterviewRow }[] = [];
    const failed: Failure[] = [];
    const found = await Promise.all(
      meetingIds.map((id) => meetings.visible(caller, id).catch(() => null)),
    );
    const byMeeting = new Map(
      (await repo.interviewsOf(found.flatMap((m) => (m ? [m.id] : [])))).map((r) => [
        r.meetingId,
        r,
      ]),
    );
    meetingIds.forEach((id, i) => {
      const meeting = found[i];
      const interview = meeting ? byMeeting.get(meeting.id) : undefined;
      if (!meeting) failed.push({ meetingId: id, meetingName: null, reason: I.meetingNotFound });
      else if (!interview) {
        failed.push({ meetingId: id, meetingName: meeting.meetingName, reason: I.notAnInterview });
      } else seen.push({ meeting, interview });
    });
    return { seen, failed };
  }

  async function invite(
    caller: Caller,
    meeting: MeetingRow,
    interview: InterviewRow,
  ): Promise<string | null> {
    const candidate = interview.candidateId
      ? await repo.candidateById(interview.candidateId)
      : null;
    if (!candidate?.email) return I.noCandidateEmail;
    const job = interview.jobId ? await repo.jobById(caller.organizationId, interview.jobId) : null;
    const next = interview.round + 1;
    try {
      const link = await deps.registrationLink(caller, {
        email: candidate.email,
        name: candidate.name,
        applicantId: candidate.id,
      });
      const role = job ? `${job.title}${job.role ? ` (${job.role})` : ''}` : 'the position';
      await deps.mailer.send({
        to: candidate.email,
        subject: `Invitation to round ${next}${job ? `: ${job.title}` : ''}`,
        text: [
          `Hello ${candidate.name},`,
          '',
          `Thank you for your interview for ${role}. We would like to invite you to round ${next}.`,
          ...(job?.description ? ['', job.description] : []),
          '',
          'Before that interview, please register your face and voice (a short clip of about 5 seconds) so we can confirm it is you:',
          '',
          link,
          '',
          'The link is personal; do not share it.',
        ].join('\n'),
      });
    } catch (err) {
      deps.log.warn({ err, meetingId: meeting.id }, 'interview invitation failed');
      return I.invitationFailed;
    }
    await repo.updateInterview(meeting.id, { invitedAt: now() }, now());
    return null;
  }

  return {
    interviewOf,

    async listJobs(
      caller: Caller,
      q: { page: number; size: number; search?: string },
    ): Promise<{ data: JobListItem[]; count: number }> {
      const { rows, count } = await repo.listJobs(caller.organizationId, q);
      return { data: rows.map((r) => ({ ...toJob(r.job), interviews: r.interviews })), count };
    },

    getJob: async (caller: Caller, id: string): Promise<Job> => toJob(await ownJob(caller, id)),

    async createJob(caller: Caller, fields: JobFields): Promise<Job> {
      const row = await repo.insertJob({
        ...fields,
        organizationId: caller.organizationId,
        createdBy: caller.userId,
        now: now(),
      });
      return toJob(row);
    },

    async updateJob(caller: Caller, id: string, fields: Partial<JobFields>): Promise<Job> {
      await ownJob(caller, id);
      const row = await repo.updateJob(caller.organizationId, id, fields, now());
      if (!row) throw notFound(I.jobNotFound);
      return toJob(row);
    },

    async removeJob(caller: Caller, id: string): Promise<{ message: string }> {
      const job = await ownJob(caller, id);
      if (!(await repo.removeUnusedJob(caller.organizationId, job.id))) {
        const uses = await repo.interviewsUsingJob(job.id);
        if (uses > 0) throw conflict(I.jobInUse(uses));
        throw notFound(I.jobNotFound);
      }
      return { message: I.jobDeleted };
    },

    async setInterview(
      caller: Caller,
      meetingId: string,
      body: {
        jobId?: string | null;
        candidateName?: string;
        candidateEmail?: string;
        round: number;
      },
    ): Promise<MeetingInterview> {
      const meeting = await meetings.visible(caller, meetingId);
      const job = body.jobId ? await ownJob(caller, body.jobId) : null;
      const candidate = body.candidateEmail
        ? await repo.upsertCandidate(
            meeting.organizationId,
            body.candidateEmail,
            body.candidateName || null,
            now(),
          )
        : null;
      await repo.upsertInterview({
        meetingId: meeting.id,
        organizationId: meeting.organizationId,
        jobId: job?.id ?? null,
        candidateId: candidate?.id ?? null,
        round: body.round,
        now: now(),
      });
      return view(meeting.organizationId, meeting.id);
    },

    async getInterview(caller: Caller, meetingId: string): Promise<MeetingInterview | null> {
      const meeting = await meetings.visible(caller, meetingId);
      const found = await interviewOf(meeting.organizationId, meeting.id);
      return found ? { meetingId: meeting.id, ...found } : null;
    },

    async setLastRound(
      caller: Caller,
      body: { meetingId: string; lastRound: boolean },
    ): Promise<MeetingInterview> {
      const meeting = await meetings.visible(caller, body.meetingId);
      const row = await repo.updateInterview(meeting.id, { lastRound: body.lastRound }, now());
      if (!row) throw notFound(I.notAnInterview);
      return view(meeting.organizationId, meeting.id);
    },

    async candidateInterviews(
      caller: Caller,
      body: { candidateEmail: string; jobId?: string; jobRole?: string },
    ): Promise<HrInterviewRow[]> {
      if (body.jobId) await ownJob(caller, body.jobId);
      const rows = await repo.candidateInterviews(caller, body, now());
      return rows.map((r) => toRow(caller, r));
    },

    async hrList(caller: Caller, q: HrQuery) {
      const { rows, count, rounds } = await repo.hrList(caller, q, now());
      return { data: rows.map((r) => toRow(caller, r)), count, rounds };
    },

    async updateStatus(
      caller: Caller,
      body: { meetingIds: string[]; interviewStatus: InterviewStatus },
    ): Promise<BulkResult> {
      const { seen, failed } = await bulkTargets(caller, body.meetingIds);
      const done = await repo.setStatus(
        seen.map((s) => s.meeting.id),
        body.interviewStatus,
        now(),
      );
      for (const s of seen) {
        if (!done.includes(s.meeting.id)) {
          failed.push({
            meetingId: s.meeting.id,
            meetingName: s.meeting.meetingName,
            reason: I.notAnInterview,
          });
        }
      }
      return { message: I.statusUpdated(done.length), succeeded: done, failed };
    },

    async sendInvitation(caller: Caller, body: { meetingIds: string[] }): Promise<BulkResult> {
      const { seen, failed } = await bulkTargets(caller, body.meetingIds);
      const succeeded: string[] = [];
      // One at a time: each is a mail delivery, and a failure must not stop the others.
      for (const { meeting, interview } of seen) {
        const reason = await invite(caller, meeting, interview);
        if (reason)
          failed.push({ meetingId: meeting.id, meetingName: meeting.meetingName, reason });
        else succeeded.push(meeting.id);
      }
      return { message: I.invitationsSent(succeeded.length), succeeded, failed };
    },
  };
}
export type InterviewsService = ReturnType<typeof createInterviewsService>;
