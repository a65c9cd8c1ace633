import { and, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { withoutServerDetails } from '../../platform/errors.js';
import { biometricRuns } from '../../platform/db/schema.js';

export type RunRow = typeof biometricRuns.$inferSelect;
export type NewRun = Omit<typeof biometricRuns.$inferInsert, 'createdAt' | 'updatedAt'>;
export type RunPatch = Partial<Omit<NewRun, 'meetingId' | 'organizationId' | 'runId'>>;

/** The meeting's verification run: one row per meeting, replaced by the next run. */
export function createRunRepo(db: Db) {
  return {
    async get(meetingId: string): Promise<RunRow | null> {
      const [row] = await db
        .select()
        .from(biometricRuns)
        .where(eq(biometricRuns.meetingId, meetingId));
      return row ?? null;
    },

    /**
     * Creates or replaces the meeting's run unless one is queued or running (then null). One
     * statement: of two starts at the same moment, one makes the run and the other sees it.
     */
    async begin(values: NewRun, now: Date): Promise<RunRow | null> {
      const { meetingId: _, ...rest } = values;
      const [row] = await db
        .insert(biometricRuns)
        .values({ ...values, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: biometricRuns.meetingId,
          set: {
            stage: null,
            progress: 0,
            attempts: 0,
            error: null,
            participantId: null,
            inferenceId: null,
            requestedBy: null,
            startedAt: null,
            finishedAt: null,
            ...rest,
            createdAt: now,
            updatedAt: now,
          },
          setWhere: notInArray(biometricRuns.state, ['queued', 'running']),
        })
        .returning();
      return row ?? null;
    },

    /** Changes the run only while it is still `runId`: a replaced run's job writes nothing. */
    async patch(
      meetingId: string,
      runId: string,
      set: RunPatch,
      now: Date,
    ): Promise<RunRow | null> {
      const [row] = await db
        .update(biometricRuns)
        // The card shows the error as stored: no server path or stack gets in.
        .set({
          ...set,
          ...(set.error ? { error: withoutServerDetails(set.error) } : {}),
          updatedAt: now,
        })
        .where(and(eq(biometricRuns.meetingId, meetingId), eq(biometricRuns.runId, runId)))
        .returning();
      return row ?? null;
    },
  };
}
export type RunRepo = ReturnType<typeof createRunRepo>;
