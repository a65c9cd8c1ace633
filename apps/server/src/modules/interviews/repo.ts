import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { InterviewStatus, JobCompetency } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { isUuid } from '../../platform/db/values.js';
import {
  candidates,
  interviews,
  jobs,
  meetingInsights,
  meetings,
} from '../../platform/db/schema.js';
import type { Caller } from '../../platform/http/caller.js';
import { likePattern, listConditions, type ListQuery } from '../meetings/index.js';

export type JobRow = typeof jobs.$inferSelect;
export type CandidateRow = typeof candidates.$inferSelect;
export type InterviewRow = typeof interviews.$inferSelect;

export interface JobValues {
  title: string;
  role: string;
  description: string;
  competencies: JobCompetency[];
}

/** The HR list's own filters on top of a meeting list's query. */
export interface HrFilters {
  interviewStatus?: InterviewStatus;
  round?: number;
  jobId?: string;
}

/**
 * The overall score of a meeting (contracts overallScoreOf): the rounded mean of its Technical,
 * Communication and Behavioral insight scores; null before any of them exists.
 */
const overallScore = sql<number | null>`(
  select round(avg((${meetingInsights.result} ->> 'score')::numeric))::int
  from ${meetingInsights}
  where ${meetingInsights.meetingId} = ${meetings.id}
    and ${meetingInsights.promptName} in ('Technical', 'Communication', 'Behavioral')
    and jsonb_typeof(${meetingInsights.result} -> 'score') = 'number'
)`;

const SORTS = {
  createdAt: meetings.createdAt,
  meetingName: meetings.meetingName,
  duration: meetings.durationSec,
  startTime: meetings.startTime,
  inferenceStatus: meetings.inferenceStatus,
  overallScore,
  round: interviews.round,
  candidateName: candidates.name,
} as const;

/** `field:direction`; empty values (no score, no duration, no candidate) go last either way. */
function orderOf(order: string): SQL[] {
  const [field, dir] = order.split(':') as [keyof typeof SORTS, 'asc' | 'desc'];
  const direction = sql.raw(dir === 'asc' ? 'asc' : 'desc');
  return [sql`${SORTS[field]} ${direction} nulls last`, sql`${meetings.id} ${direction}`];
}

const rowFields = {
  meeting: meetings,
  interview: interviews,
  candidate: { id: candidates.id, name: candidates.name, email: candidates.email },
  job: { id: jobs.id, title: jobs.title, role: jobs.role },
  overallScore,
};

export function createInterviewsRepo(db: Db) {
  const jobOfOrg = (organizationId: string, id: string) =>
    and(eq(jobs.id, id), eq(jobs.organizationId, organizationId));

  /** Interviews joined to their meeting, candidate and job, as the HR rows read them. */
  const joined = () =>
    db
      .select(rowFields)
      .from(interviews)
      .innerJoin(meetings, eq(meetings.id, interviews.meetingId))
      .leftJoin(candidates, eq(candidates.id, interviews.candidateId))
      .leftJoin(jobs, eq(jobs.id, interviews.jobId));

  function hrConditions(
    caller: Caller,
    q: Partial<ListQuery> & HrFilters,
    now: Date,
    withRound: boolean,
  ) {
    // The meeting list's rules (visibility, dates, stage, status) without its name-only search.
    const c: (SQL | undefined)[] = [
      listConditions(caller, 'all', { ...q, search: undefined }, now),
    ];
    if (q.search) {
      const p = likePattern(q.search);
      c.push(
        or(ilike(meetings.searchText, p), ilike(candidates.name, p), ilike(candidates.email, p)),
      );
    }
    if (q.interviewStatus) c.push(eq(interviews.status, q.interviewStatus));
    if (q.jobId) c.push(eq(interviews.jobId, q.jobId));
    if (withRound && q.round) c.push(eq(interviews.round, q.round));
    return and(...c);
  }

  return {
    async listJobs(organizationId: string, q: { page: number; size: number; search?: string }) {
      const where = and(
        eq(jobs.organizationId, organizationId),
        q.search
          ? or(ilike(jobs.title, likePattern(q.search)), ilike(jobs.role, likePattern(q.search)))
          : undefined,
      );
      const uses = sql<number>`(select count(*)::int from ${interviews} where ${interviews.jobId} = ${jobs.id})`;
      const [rows, [total]] = await Promise.all([
        db
          .select({ job: jobs, interviews: uses })
          .from(jobs)
          .where(where)
          .orderBy(desc(jobs.createdAt), asc(jobs.id))
          .limit(q.size)
          .offset(q.page * q.size),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(jobs)
          .where(where),
      ]);
      return { rows, count: total?.n ?? 0 };
    },

    async jobById(organizationId: string, id: string): Promise<JobRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(jobs).where(jobOfOrg(organizationId, id));
      return row ?? null;
    },

    async insertJob(
      values: JobValues & { organizationId: string; createdBy: string; now: Date },
    ): Promise<JobRow> {
      const { now, ...rest } = values;
      const [row] = await db
        .insert(jobs)
        .values({ ...rest, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('job insert returned nothing');
      return row;
    },

    async updateJob(
      organizationId: string,
      id: string,
      values: Partial<JobValues>,
      now: Date,
    ): Promise<JobRow | null> {
      const [row] = await db
        .update(jobs)
        .set({ ...values, updatedAt: now })
        .where(jobOfOrg(organizationId, id))
        .returning();
      return row ?? null;
    },

    async interviewsUsingJob(jobId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(interviews)
        .where(eq(interviews.jobId, jobId));
      return row?.n ?? 0;
    },

    /**
     * Deletes the job only while no interview uses it, in one statement, so an interview set
     * between a count and the delete cannot lose its job; false when it was in use (or gone).
     */
    async removeUnusedJob(organizationId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(jobs)
        .where(
          and(
            jobOfOrg(organizationId, id),
            sql`not exists (select 1 from ${interviews} where ${interviews.jobId} = ${jobs.id})`,
          ),
        )
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    async candidateById(id: string): Promise<CandidateRow | null> {
      const [row] = await db.select().from(candidates).where(eq(candidates.id, id));
      return row ?? null;
    },

    /** The organisation's candidate with this e-mail, made or renamed. */
    async upsertCandidate(
      organizationId: string,
      email: string,
      name: string | null,
      now: Date,
    ): Promise<CandidateRow> {
      const lower = email.trim().toLowerCase();
      const [row] = await db
        .insert(candidates)
        .values({
          organizationId,
          email: lower,
          name: name || lower.split('@')[0] || lower,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [candidates.organizationId, candidates.email],
          set: name ? { name, updatedAt: now } : { updatedAt: now },
        })
        .returning();
      if (!row) throw new Error('candidate upsert returned nothing');
      return row;
    },

    async interviewOf(meetingId: string): Promise<InterviewRow | null> {
      const [row] = await db.select().from(interviews).where(eq(interviews.meetingId, meetingId));
      return row ?? null;
    },

    async interviewsOf(meetingIds: string[]): Promise<InterviewRow[]> {
      if (meetingIds.length === 0) return [];
      return db.select().from(interviews).where(inArray(interviews.meetingId, meetingIds));
    },

    /** Sets job, candidate and round; status, last round and invitation are kept. */
    async upsertInterview(values: {
      meetingId: string;
      organizationId: string;
      jobId: string | null;
      candidateId: string | null;
      round: number;
      now: Date;
    }): Promise<InterviewRow> {
      const { now, ...rest } = values;
      const [row] = await db
        .insert(interviews)
        .values({ ...rest, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: interviews.meetingId,
          set: {
            jobId: rest.jobId,
            candidateId: rest.candidateId,
            round: rest.round,
            updatedAt: now,
          },
        })
        .returning();
      if (!row) throw new Error('interview upsert returned nothing');
      return row;
    },

    async updateInterview(
      meetingId: string,
      set: Partial<Pick<InterviewRow, 'status' | 'lastRound' | 'invitedAt'>>,
      now: Date,
    ): Promise<InterviewRow | null> {
      const [row] = await db
        .update(interviews)
        .set({ ...set, updatedAt: now })
        .where(eq(interviews.meetingId, meetingId))
        .returning();
      return row ?? null;
    },

    async setStatus(meetingIds: string[], status: InterviewStatus, now: Date): Promise<string[]> {
      if (meetingIds.length === 0) return [];
      const rows = await db
        .update(interviews)
        .set({ status, updatedAt: now })
        .where(inArray(interviews.meetingId, meetingIds))
        .returning({ meetingId: interviews.meetingId });
      return rows.map((r) => r.meetingId);
    },

    /** The HR list page, its count, and the rounds under the other filters (the tabs). */
    async hrList(caller: Caller, q: ListQuery & HrFilters, now: Date) {
      const where = hrConditions(caller, q, now, true);
      const withoutRound = hrConditions(caller, q, now, false);
      const [rows, [total], rounds] = await Promise.all([
        joined()
          .where(where)
          .orderBy(...orderOf(q.order))
          .limit(q.size)
          .offset(q.page * q.size),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(interviews)
          .innerJoin(meetings, eq(meetings.id, interviews.meetingId))
          .leftJoin(candidates, eq(candidates.id, interviews.candidateId))
          .where(where),
        db
          .select({ round: interviews.round, count: sql<number>`count(*)::int` })
          .from(interviews)
          .innerJoin(meetings, eq(meetings.id, interviews.meetingId))
          .leftJoin(candidates, eq(candidates.id, interviews.candidateId))
          .where(withoutRound)
          .groupBy(interviews.round)
          .orderBy(asc(interviews.round)),
      ]);
      return { rows, count: total?.n ?? 0, rounds };
    },

    /** A candidate's interviews the caller sees, for a job (by id or role), by round. */
    async candidateInterviews(
      caller: Caller,
      q: { candidateEmail: string; jobId?: string; jobRole?: string },
      now: Date,
    ) {
      return joined()
        .where(
          and(
            listConditions(caller, 'all', {}, now),
            eq(candidates.email, q.candidateEmail.trim().toLowerCase()),
            q.jobId ? eq(interviews.jobId, q.jobId) : undefined,
            q.jobRole ? sql`lower(${jobs.role}) = ${q.jobRole.trim().toLowerCase()}` : undefined,
          ),
        )
        .orderBy(asc(interviews.round), asc(meetings.startTime));
    },
  };
}
export type InterviewsRepo = ReturnType<typeof createInterviewsRepo>;
export type HrRow = Awaited<ReturnType<InterviewsRepo['hrList']>>['rows'][number];
