import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { liveSegments } from '../../platform/db/schema.js';
import type { FinalSegment } from './analytics.js';

export function createLiveRepo(db: Db) {
  return {
    async insertFinal(
      organizationId: string,
      meetingId: string,
      speakerId: string,
      s: FinalSegment,
    ): Promise<void> {
      await db.insert(liveSegments).values({
        organizationId,
        meetingId,
        segmentId: s.segmentId,
        speakerId,
        speakerName: s.speakerName,
        content: s.content,
        startSec: s.startSec,
        endSec: s.endSec,
        words: s.words,
      });
    },

    async countFinals(meetingId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(liveSegments)
        .where(eq(liveSegments.meetingId, meetingId));
      return row?.n ?? 0;
    },

    async finals(meetingId: string): Promise<FinalSegment[]> {
      const rows = await db
        .select()
        .from(liveSegments)
        .where(eq(liveSegments.meetingId, meetingId))
        .orderBy(asc(liveSegments.startSec), asc(liveSegments.createdAt));
      return rows.map((r) => ({
        segmentId: r.segmentId,
        speakerName: r.speakerName,
        content: r.content,
        startSec: r.startSec,
        endSec: r.endSec,
        words: r.words,
      }));
    },
  };
}

export type LiveRepo = ReturnType<typeof createLiveRepo>;
