import { and, asc, eq, or, type SQL } from 'drizzle-orm';
import type { CoachingContentType, MeetingStage } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { isUuid } from '../../platform/db/values.js';
import {
  coachingContents,
  coachingQuizzes,
  meetings,
  type StoredQuizQuestion,
} from '../../platform/db/schema.js';

export type ContentRow = typeof coachingContents.$inferSelect;
export type NewContent = typeof coachingContents.$inferInsert;
export type QuizRow = typeof coachingQuizzes.$inferSelect;

/**
 * What an organisation's members see: its own content and every default item. The one place
 * the rule is written; every read of content or quizzes by a learner goes through it.
 */
export const seenBy = (organizationId: string): SQL =>
  or(
    eq(coachingContents.organizationId, organizationId),
    eq(coachingContents.isDefault, true),
  ) as SQL;

export function createCoachingRepo(db: Db) {
  return {
    async insert(values: NewContent): Promise<ContentRow> {
      const [row] = await db.insert(coachingContents).values(values).returning();
      if (!row) throw new Error('coaching content insert returned nothing');
      return row;
    },

    /** Content of a stage under a condition (seenBy, or the super admin's choice). */
    async list(where: SQL, stage: MeetingStage, type?: CoachingContentType): Promise<ContentRow[]> {
      return db
        .select()
        .from(coachingContents)
        .where(
          and(
            where,
            eq(coachingContents.stage, stage),
            type ? eq(coachingContents.type, type) : undefined,
          ),
        )
        .orderBy(asc(coachingContents.createdAt), asc(coachingContents.id));
    },

    /** Every training video a member of the organisation sees (progress summaries). */
    async videosSeenBy(organizationId: string): Promise<ContentRow[]> {
      return db
        .select()
        .from(coachingContents)
        .where(and(seenBy(organizationId), eq(coachingContents.type, 'video')));
    },

    async byId(id: string, where?: SQL): Promise<ContentRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select()
        .from(coachingContents)
        .where(and(eq(coachingContents.id, id), where));
      return row ?? null;
    },

    async byMeeting(meetingId: string, where?: SQL): Promise<ContentRow | null> {
      if (!isUuid(meetingId)) return null;
      const [row] = await db
        .select()
        .from(coachingContents)
        .where(and(eq(coachingContents.meetingId, meetingId), where));
      return row ?? null;
    },

    /** Removes the item; a video's meeting goes with it (and its quiz, attempts, progress). */
    async remove(row: ContentRow): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(coachingContents).where(eq(coachingContents.id, row.id));
        if (row.meetingId) await tx.delete(meetings).where(eq(meetings.id, row.meetingId));
      });
    },

    /** Marks a meeting as a training video (kept out of the meeting lists). */
    async markCoaching(meetingId: string, title: string, stage: MeetingStage, now: Date) {
      await db
        .update(meetings)
        .set({ kind: 'coaching', title, stage, updatedAt: now })
        .where(eq(meetings.id, meetingId));
    },

    async quizOf(meetingId: string): Promise<QuizRow | null> {
      if (!isUuid(meetingId)) return null;
      const [row] = await db
        .select()
        .from(coachingQuizzes)
        .where(eq(coachingQuizzes.meetingId, meetingId));
      return row ?? null;
    },

    async quizById(id: string): Promise<QuizRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(coachingQuizzes).where(eq(coachingQuizzes.id, id));
      return row ?? null;
    },

    /** Null when the video already has a quiz. */
    async insertQuiz(values: {
      meetingId: string;
      organizationId: string;
      title: string;
      questions: StoredQuizQuestion[];
      createdBy: string;
      now: Date;
    }): Promise<QuizRow | null> {
      const { now, ...rest } = values;
      const [row] = await db
        .insert(coachingQuizzes)
        .values({ ...rest, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: coachingQuizzes.meetingId })
        .returning();
      return row ?? null;
    },

    async removeQuiz(id: string): Promise<boolean> {
      const rows = await db
        .delete(coachingQuizzes)
        .where(eq(coachingQuizzes.id, id))
        .returning({ id: coachingQuizzes.id });
      return rows.length > 0;
    },
  };
}
export type CoachingRepo = ReturnType<typeof createCoachingRepo>;
