import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { MeetingStage } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation, isUuid } from '../../platform/db/values.js';
import type { Caller } from '../../platform/http/caller.js';
import { likePattern } from '../meetings/index.js';
import {
  coachingAttempts,
  coachingProgress,
  coachingQuizzes,
  users,
} from '../../platform/db/schema.js';
import { salesTeamWhere } from '../users/index.js';

export type AttemptRow = typeof coachingAttempts.$inferSelect;
export type ProgressRow = typeof coachingProgress.$inferSelect;

/** Attempts at quizzes and watching progress: each row is one learner's, in their organisation. */
export function createProgressRepo(db: Db) {
  return {
    async openAttempt(quizId: string, userId: string): Promise<AttemptRow | null> {
      const [row] = await db
        .select()
        .from(coachingAttempts)
        .where(
          and(
            eq(coachingAttempts.quizId, quizId),
            eq(coachingAttempts.userId, userId),
            eq(coachingAttempts.status, 'in_progress'),
          ),
        );
      return row ?? null;
    },

    /** The open attempt, started now unless a parallel call started it first. */
    async startAttempt(values: {
      quizId: string;
      userId: string;
      organizationId: string;
      questionCount: number;
      now: Date;
    }): Promise<AttemptRow | null> {
      const { now, ...rest } = values;
      try {
        const [row] = await db
          .insert(coachingAttempts)
          .values({ ...rest, startedAt: now })
          .returning();
        return row ?? null;
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
    },

    /** The learner's own attempt; anyone else's is not found. */
    async ownAttempt(userId: string, id: string): Promise<AttemptRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(coachingAttempts)
        .where(and(eq(coachingAttempts.id, id), eq(coachingAttempts.userId, userId)));
      return row ?? null;
    },

    /** One question's answers merged in; null once the attempt is completed. */
    async saveAnswer(id: string, questionId: string, answers: string[]) {
      const [row] = await db
        .update(coachingAttempts)
        .set({
          answers: sql`${coachingAttempts.answers} || ${JSON.stringify({ [questionId]: answers })}::jsonb`,
        })
        .where(and(eq(coachingAttempts.id, id), eq(coachingAttempts.status, 'in_progress')))
        .returning();
      return row ?? null;
    },

    /** Completes an open attempt with its score; null when it was completed already. */
    async complete(id: string, score: number, correctCount: number, now: Date) {
      const [row] = await db
        .update(coachingAttempts)
        .set({ status: 'completed', score, correctCount, completedAt: now })
        .where(and(eq(coachingAttempts.id, id), eq(coachingAttempts.status, 'in_progress')))
        .returning();
      return row ?? null;
    },

    /** The learner's latest submitted attempt at a quiz. */
    async latestCompleted(userId: string, quizId: string): Promise<AttemptRow | null> {
      const [row] = await db
        .select()
        .from(coachingAttempts)
        .where(
          and(
            eq(coachingAttempts.userId, userId),
            eq(coachingAttempts.quizId, quizId),
            eq(coachingAttempts.status, 'completed'),
          ),
        )
        .orderBy(desc(coachingAttempts.completedAt))
        .limit(1);
      return row ?? null;
    },

    async progressOf(userId: string, meetingId: string): Promise<ProgressRow | null> {
      const [row] = await db
        .select()
        .from(coachingProgress)
        .where(and(eq(coachingProgress.userId, userId), eq(coachingProgress.meetingId, meetingId)));
      return row ?? null;
    },

    /**
     * Where the learner is now (resume), the furthest point they reached (never lowered) and
     * the length; the quiz score only when one is given.
     */
    async saveProgress(values: {
      userId: string;
      meetingId: string;
      organizationId: string;
      stage: MeetingStage;
      positionSec: number;
      totalSec: number;
      quizScore?: number | null;
      now: Date;
    }): Promise<ProgressRow> {
      const { now, quizScore, ...rest } = values;
      const [row] = await db
        .insert(coachingProgress)
        .values({
          ...rest,
          furthestSec: rest.positionSec,
          quizScore: quizScore ?? null,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [coachingProgress.userId, coachingProgress.meetingId],
          set: {
            positionSec: rest.positionSec,
            furthestSec: sql`greatest(${coachingProgress.furthestSec}, ${rest.positionSec})`,
            totalSec: rest.totalSec,
            stage: rest.stage,
            ...(quizScore === undefined ? {} : { quizScore }),
            updatedAt: now,
          },
        })
        .returning();
      if (!row) throw new Error('progress upsert returned nothing');
      return row;
    },

    /** A score recorded on an existing progress row; null when the video was never started. */
    async recordScore(userId: string, meetingId: string, quizScore: number, now: Date) {
      const [row] = await db
        .update(coachingProgress)
        .set({ quizScore, updatedAt: now })
        .where(and(eq(coachingProgress.userId, userId), eq(coachingProgress.meetingId, meetingId)))
        .returning();
      return row ?? null;
    },

    async progressOfUsers(userIds: string[]): Promise<ProgressRow[]> {
      if (userIds.length === 0) return [];
      return db.select().from(coachingProgress).where(inArray(coachingProgress.userId, userIds));
    },

    /** Submitted attempts per learner and video. */
    async attemptCounts(userIds: string[]) {
      if (userIds.length === 0) return [];
      return db
        .select({
          userId: coachingAttempts.userId,
          meetingId: coachingQuizzes.meetingId,
          attempts: sql<number>`count(*)::int`,
        })
        .from(coachingAttempts)
        .innerJoin(coachingQuizzes, eq(coachingQuizzes.id, coachingAttempts.quizId))
        .where(
          and(inArray(coachingAttempts.userId, userIds), eq(coachingAttempts.status, 'completed')),
        )
        .groupBy(coachingAttempts.userId, coachingQuizzes.meetingId);
    },

    /**
     * The learners of the team view: for whoever sees the whole organisation, its sales reps
     * and managers and anyone else who has started a video; for a sales manager, themselves
     * and the reps who report to them. Name or address matching `search` when given.
     */
    async learners(caller: Caller, search: string | undefined) {
      const name = sql`(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email})`;
      return db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          role: users.role,
        })
        .from(users)
        .where(
          and(
            salesTeamWhere(
              caller,
              sql`exists (select 1 from ${coachingProgress} where ${coachingProgress.userId} = ${users.id})`,
            ),
            search ? sql`${name} ilike ${likePattern(search)}` : undefined,
          ),
        )
        .orderBy(users.firstName, users.lastName, users.id)
        .limit(500);
    },
  };
}
export type ProgressRepo = ReturnType<typeof createProgressRepo>;
