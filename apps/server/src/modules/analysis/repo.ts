import { and, eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { AnalysisStep } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { withoutServerDetails } from '../../platform/errors.js';
import {
  analysisRuns,
  meetingTranscripts,
  meetings,
  participants,
  type AnalysisStepRecord,
} from '../../platform/db/schema.js';

export type RunRow = typeof analysisRuns.$inferSelect;
export type TranscriptRow = typeof meetingTranscripts.$inferSelect;
export type NewTranscript = Omit<
  typeof meetingTranscripts.$inferInsert,
  'createdAt' | 'updatedAt' | 'analytics' | 'editedAt'
>;

export function createAnalysisRepo(db: Db) {
  return {
    async run(meetingId: string): Promise<RunRow | null> {
      const [row] = await db
        .select()
        .from(analysisRuns)
        .where(eq(analysisRuns.meetingId, meetingId));
      return row ?? null;
    },

    /** A new run replaces the meeting's previous one; the charge marker stays. */
    async startRun(values: {
      meetingId: string;
      organizationId: string;
      runId: string;
      fromStep: AnalysisStep;
      steps: Record<string, AnalysisStepRecord>;
      now: Date;
    }): Promise<RunRow> {
      const [row] = await db
        .insert(analysisRuns)
        .values({ ...values, createdAt: values.now, updatedAt: values.now })
        .onConflictDoUpdate({
          target: analysisRuns.meetingId,
          set: {
            runId: values.runId,
            fromStep: values.fromStep,
            steps: values.steps,
            updatedAt: values.now,
          },
        })
        .returning();
      if (!row) throw new Error('analysis run upsert returned nothing');
      return row;
    },

    /**
     * Merges `patch` into one step's record, only while `runId` is still the meeting's run
     * (a job of a replaced run writes nothing). Null when the run was replaced or deleted.
     */
    async patchStep(
      meetingId: string,
      runId: string,
      step: AnalysisStep,
      patch: Partial<AnalysisStepRecord>,
      now: Date,
    ): Promise<RunRow | null> {
      // The status route shows the error as stored: no server path or stack gets in.
      const record = patch.error ? { ...patch, error: withoutServerDetails(patch.error) } : patch;
      const [row] = await db
        .update(analysisRuns)
        .set({
          steps: sql`jsonb_set(${analysisRuns.steps}, ${`{${step}}`}::text[], coalesce(${analysisRuns.steps} -> ${step}, '{}'::jsonb) || ${JSON.stringify(record)}::jsonb)`,
          updatedAt: now,
        })
        .where(and(eq(analysisRuns.meetingId, meetingId), eq(analysisRuns.runId, runId)))
        .returning();
      return row ?? null;
    },

    /** People invited to the meeting (the biometrics module's participants), in its organisation. */
    async invitedParticipants(organizationId: string, meetingId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(participants)
        .where(
          and(
            eq(participants.organizationId, organizationId),
            eq(participants.meetingId, meetingId),
          ),
        );
      return row?.n ?? 0;
    },

    async transcript(meetingId: string): Promise<TranscriptRow | null> {
      const [row] = await db
        .select()
        .from(meetingTranscripts)
        .where(eq(meetingTranscripts.meetingId, meetingId));
      return row ?? null;
    },

    /** One transcript per meeting: a rerun of the speech step replaces it (and its analytics). */
    async upsertTranscript(values: NewTranscript, now: Date): Promise<void> {
      const { meetingId: _id, organizationId: _org, ...changes } = values;
      await db
        .insert(meetingTranscripts)
        .values({ ...values, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: meetingTranscripts.meetingId,
          set: { ...changes, analytics: null, editedAt: null, updatedAt: now },
        });
    },

    /** A transcript in a language the engine does not know keeps no words (nor originals). */
    async clearWords(meetingId: string, now: Date): Promise<void> {
      await db
        .update(meetingTranscripts)
        .set({ words: [], originalWords: null, updatedAt: now })
        .where(eq(meetingTranscripts.meetingId, meetingId));
    },

    async saveAnalytics(
      meetingId: string,
      analytics: Record<string, unknown>,
      now: Date,
    ): Promise<boolean> {
      const rows = await db
        .update(meetingTranscripts)
        .set({ analytics, updatedAt: now })
        .where(eq(meetingTranscripts.meetingId, meetingId))
        .returning({ id: meetingTranscripts.meetingId });
      return rows.length > 0;
    },

    /**
     * The finish step's one transaction: with the run row locked, charge through `charge`
     * unless this run was already charged, mark the step done and the meeting processed.
     * Writes the meeting's status here (not through the meetings service) because the charge,
     * its guard and the status must commit together or not at all.
     * 'stale' when the run was replaced; 'refused' (nothing written) when `charge` refuses.
     */
    async finishRun(
      meetingId: string,
      runId: string,
      charge: (tx: Db) => Promise<boolean>,
      now: Date,
    ): Promise<'finished' | 'stale' | 'refused'> {
      return db
        .transaction(async (tx) => {
          const [run] = await tx
            .select()
            .from(analysisRuns)
            .where(eq(analysisRuns.meetingId, meetingId))
            .for('update');
          if (!run || run.runId !== runId) return 'stale';
          if (run.chargedRunId !== runId) {
            if (!(await charge(tx as unknown as Db))) {
              tx.rollback();
            }
          }
          const done: Partial<AnalysisStepRecord> = {
            state: 'done',
            progress: 100,
            error: null,
            finishedAt: now.toISOString(),
          };
          await tx
            .update(analysisRuns)
            .set({
              chargedRunId: runId,
              steps: sql`jsonb_set(${analysisRuns.steps}, '{finish}'::text[], coalesce(${analysisRuns.steps} -> 'finish', '{}'::jsonb) || ${JSON.stringify(done)}::jsonb)`,
              updatedAt: now,
            })
            .where(eq(analysisRuns.meetingId, meetingId));
          await tx
            .update(meetings)
            .set({ inferenceStatus: 'processed', statusReason: null, updatedAt: now })
            .where(eq(meetings.id, meetingId));
          return 'finished' as const;
        })
        .catch((err: unknown) => {
          if (err instanceof TransactionRollbackError) return 'refused' as const;
          throw err;
        });
    },
  };
}
export type AnalysisRepo = ReturnType<typeof createAnalysisRepo>;
