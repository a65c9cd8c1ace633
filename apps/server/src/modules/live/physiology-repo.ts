import { and, asc, eq } from 'drizzle-orm';
import type { LivePhysiologyEstimate, LivePhysiologyRun } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import { livePhysiologyRuns, users } from '../../platform/db/schema.js';

type Row = typeof livePhysiologyRuns.$inferSelect;

export const runView = (r: Row): LivePhysiologyRun => ({
  inferenceId: r.id,
  meetingId: r.meetingId,
  subjectName: r.subjectName,
  physiologyStatus: r.state as LivePhysiologyRun['physiologyStatus'],
  startedAt: r.startedAt.toISOString(),
  stoppedAt: r.stoppedAt?.toISOString() ?? null,
  samples: r.samples,
  summary: r.summary ?? null,
});

/** Live physiology captures; every read names the organisation (another one's ids are 404). */
export function createLivePhysiologyRepo(db: Db) {
  return {
    async nameOf(userId: string): Promise<string> {
      const [u] = await db
        .select({ first: users.firstName, last: users.lastName })
        .from(users)
        .where(eq(users.id, userId));
      return u ? `${u.first} ${u.last}`.trim() : '';
    },

    async insert(values: {
      organizationId: string;
      meetingId: string;
      userId: string;
      subjectName: string;
      startedAt: Date;
    }): Promise<Row> {
      const [row] = await db.insert(livePhysiologyRuns).values(values).returning();
      return row!;
    },

    async byId(organizationId: string, id: string): Promise<Row | null> {
      const [row] = await db
        .select()
        .from(livePhysiologyRuns)
        .where(
          and(eq(livePhysiologyRuns.id, id), eq(livePhysiologyRuns.organizationId, organizationId)),
        );
      return row ?? null;
    },

    /** Ends a running capture; null when it was not running (stopped already). */
    async finish(
      id: string,
      set: { state: 'done' | 'failed'; samples: number; summary: LivePhysiologyEstimate | null },
      at: Date,
    ): Promise<Row | null> {
      const [row] = await db
        .update(livePhysiologyRuns)
        .set({ ...set, stoppedAt: at })
        .where(and(eq(livePhysiologyRuns.id, id), eq(livePhysiologyRuns.state, 'running')))
        .returning();
      return row ?? null;
    },

    async running(meetingId: string): Promise<Row[]> {
      return db
        .select()
        .from(livePhysiologyRuns)
        .where(
          and(eq(livePhysiologyRuns.meetingId, meetingId), eq(livePhysiologyRuns.state, 'running')),
        );
    },

    async ofMeeting(meetingId: string): Promise<Row[]> {
      return db
        .select()
        .from(livePhysiologyRuns)
        .where(eq(livePhysiologyRuns.meetingId, meetingId))
        .orderBy(asc(livePhysiologyRuns.startedAt));
    },
  };
}
export type LivePhysiologyRepo = ReturnType<typeof createLivePhysiologyRepo>;
