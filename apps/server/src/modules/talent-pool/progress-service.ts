import {
  TALENT_PROFILE_MESSAGES as M,
  TALENT_PROGRESS_MESSAGES as P,
  type Meeting,
  type MockInterview,
  type PracticeAnalysis,
  type PracticeMeeting,
  type practiceMeetingQuery,
  type PracticeSkill,
  type SubmitMockInterviewBody,
} from '@parley/contracts';
import type { z } from 'zod';
import { conflict, notFound } from '../../platform/errors.js';
import type { Caller } from '../../platform/http/caller.js';
import type { MeetingListsService } from '../meetings/index.js';
import type { UsersService } from '../users/index.js';
import {
  FIRST_SCORE_SUGGESTION,
  SKILL_SUGGESTIONS,
  meanOrNull,
  monthsOf,
  skillScoresOf,
  streakOf,
  weakestSkill,
  type ScoredPractice,
} from './progress.js';
import type { TalentPoolRepo } from './repo.js';
import { toMockInterview } from './service.js';

export interface TalentProgressDeps {
  repo: TalentPoolRepo;
  users: Pick<UsersService, 'byId'>;
  lists: Pick<MeetingListsService, 'list' | 'startedBetween'>;
  /** A meeting the caller may see (the meetings service); 404 otherwise. */
  meeting(caller: Caller, id: string): Promise<Meeting>;
  /** Scores per overall category of these meetings (the insights service). */
  categoryScores(
    organizationId: string,
    meetingIds: string[],
  ): Promise<Map<string, Partial<Record<PracticeSkill, number>>>>;
  now: () => Date;
}

/** Own practices read for the figures at most: years of several a week. */
const PRACTICE_LIMIT = 5000;

/** The rounded mean of the scored skills, as a meeting's overall score is everywhere. */
function overallOf(skills: Partial<Record<PracticeSkill, number>>): number | null {
  const values = Object.values(skills);
  return values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : null;
}

/**
 * A job seeker's practice: submitting a mock interview with its recording's meeting, the own
 * practice meetings with their scores, and the year's progress. Every read is the caller's own
 * meetings (owner = caller), never those shared with them, so another seeker's never count.
 */
export function createTalentProgressService(deps: TalentProgressDeps) {
  const { repo, lists, now } = deps;

  async function email(caller: Caller): Promise<string> {
    const me = await deps.users.byId(caller.userId);
    if (!me) throw notFound(M.profileNotFound);
    return me.email;
  }

  return {
    async submit(caller: Caller, body: SubmitMockInterviewBody): Promise<MockInterview> {
      const mock = await repo.mockInterview(caller.userId, body.mockInterviewId);
      if (!mock) throw notFound(M.mockInterviewNotFound);
      const meeting = await deps.meeting(caller, body.meetingId).catch(() => null);
      if (!meeting || meeting.ownerId !== caller.userId) throw notFound(P.meetingNotFound);
      // Sent again (a retried request): the same answer. The same meeting linked but not yet
      // submitted (a run that recorded into it) is submitted now.
      if (mock.meetingId === meeting.id && mock.submittedAt) {
        return toMockInterview(await email(caller), mock);
      }
      if (mock.meetingId && mock.meetingId !== meeting.id) throw conflict(P.alreadySubmitted);
      if (!mock.meetingId && (await repo.byMeeting(meeting.id))) throw conflict(P.meetingTaken);
      const row = await repo.submit(mock.id, meeting.id, now());
      return toMockInterview(await email(caller), row);
    },

    async meetings(
      caller: Caller,
      q: z.output<typeof practiceMeetingQuery>,
    ): Promise<{ data: PracticeMeeting[]; count: number }> {
      const { data, count } = await lists.list(caller, 'owned', {
        ...q,
        order: 'startTime:desc',
      });
      const ids = data.map((m) => m.id);
      const [scores, linked] = await Promise.all([
        deps.categoryScores(caller.organizationId, ids),
        repo.mockInterviewsOfMeetings(caller.userId, ids),
      ]);
      const byMeeting = new Map(linked.map((m) => [m.meetingId, m]));
      return {
        count,
        data: data.map((m) => {
          const skills = scores.get(m.id) ?? {};
          const mock = byMeeting.get(m.id);
          return {
            ...m,
            overallScore: overallOf(skills),
            skills: skillScoresOf(skills),
            mockInterview: mock
              ? {
                  id: mock.id,
                  companyName: mock.companyName,
                  jobRole: mock.jobRole,
                  level: mock.level,
                }
              : null,
          };
        }),
      };
    },

    async analysis(caller: Caller, year: number): Promise<PracticeAnalysis> {
      const at = now();
      const rows = await lists.startedBetween(
        caller,
        { from: new Date(0), to: at, owners: [caller.userId] },
        PRACTICE_LIMIT,
      );
      const scores = await deps.categoryScores(
        caller.organizationId,
        rows.map((r) => r.id),
      );
      // Newest first, for the weakest skill over the latest ones.
      const practices: ScoredPractice[] = rows
        .map((r) => {
          const skills = scores.get(r.id) ?? {};
          return { startTime: r.startTime, overall: overallOf(skills), skills };
        })
        .reverse();
      const ofYear = practices.filter((p) => p.startTime.getUTCFullYear() === year);
      const [latestMock] = await repo.mockInterviews(caller.userId);
      const weakest = weakestSkill(practices);
      const nextPractice =
        weakest || latestMock
          ? {
              skill: weakest?.skill ?? null,
              skillScore: weakest?.score ?? null,
              suggestion: weakest ? SKILL_SUGGESTIONS[weakest.skill] : FIRST_SCORE_SUGGESTION,
              companyName: latestMock?.companyName ?? null,
              jobRole: latestMock?.jobRole ?? null,
              level: latestMock?.level ?? null,
            }
          : null;
      return {
        year,
        months: monthsOf(ofYear, year),
        practices: ofYear.length,
        averageScore: meanOrNull(ofYear.flatMap((p) => (p.overall === null ? [] : [p.overall]))),
        streak: streakOf(
          practices.map((p) => p.startTime),
          at,
        ),
        nextPractice,
      };
    },
  };
}
export type TalentProgressService = ReturnType<typeof createTalentProgressService>;
