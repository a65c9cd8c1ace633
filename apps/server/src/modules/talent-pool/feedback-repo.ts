import { and, asc, eq } from 'drizzle-orm';
import type { GoalKind } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { mockInterviewFeedback, practiceGoals } from '../../platform/db/schema.js';

export type GoalRow = typeof practiceGoals.$inferSelect;
export type FeedbackRow = typeof mockInterviewFeedback.$inferSelect;

/** Practice goals and the feedback written on analysed mock interviews; always by owner. */
export function createFeedbackRepo(db: Db) {
  return {
    goals: (userId: string) =>
      db
        .select()
        .from(practiceGoals)
        .where(eq(practiceGoals.userId, userId))
        .orderBy(asc(practiceGoals.createdAt), asc(practiceGoals.id)),

    async createGoal(values: {
      organizationId: string;
      userId: string;
      kind: GoalKind;
      text: string;
      createdAt: Date;
    }): Promise<GoalRow> {
      const [row] = await db
        .insert(practiceGoals)
        .values({ ...values, updatedAt: values.createdAt })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    },

    async updateGoal(
      userId: string,
      id: string,
      values: { kind: GoalKind; text: string; updatedAt: Date },
    ): Promise<GoalRow | null> {
      const [row] = await db
        .update(practiceGoals)
        .set(values)
        .where(and(eq(practiceGoals.id, id), eq(practiceGoals.userId, userId)))
        .returning();
      return row ?? null;
    },

    async deleteGoal(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(practiceGoals)
        .where(and(eq(practiceGoals.id, id), eq(practiceGoals.userId, userId)))
        .returning({ id: practiceGoals.id });
      return rows.length > 0;
    },

    async feedbackOf(interviewId: string): Promise<FeedbackRow | null> {
      const [row] = await db
        .select()
        .from(mockInterviewFeedback)
        .where(eq(mockInterviewFeedback.interviewId, interviewId));
      return row ?? null;
    },

    /** A re-analysed meeting writes its interview's feedback again. */
    async saveFeedback(values: typeof mockInterviewFeedback.$inferInsert): Promise<void> {
      const { interviewId: _id, organizationId: _o, userId: _u, ...changes } = values;
      await db
        .insert(mockInterviewFeedback)
        .values(values)
        .onConflictDoUpdate({ target: mockInterviewFeedback.interviewId, set: changes });
    },
  };
}
export type FeedbackRepo = ReturnType<typeof createFeedbackRepo>;
