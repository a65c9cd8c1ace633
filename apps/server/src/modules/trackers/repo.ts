import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { TrackerCountFilters, TrackerInput } from '@parley/contracts';
import type { Db } from '../../platform/db/client.js';
import {
  biometricResults,
  meetingTranscripts,
  meetings,
  participants,
  trackerHits,
  trackers,
  users,
} from '../../platform/db/schema.js';
import { isUuid } from '../../platform/db/values.js';
import type { Caller } from '../../platform/http/caller.js';
import { dateRange, visibleTo } from '../meetings/index.js';
import type { CountedHit, CountedWord, Member, VerifiedSpeaker } from './count.js';

export type TrackerRow = typeof trackers.$inferSelect;
export type TrackerHitRow = typeof trackerHits.$inferSelect;

/** What counting one meeting reads: its words, speaker names and verified participants. */
export interface MeetingToCount {
  meetingId: string;
  organizationId: string;
  words: CountedWord[];
  names: Record<string, string>;
  verified: VerifiedSpeaker[];
}

/** Mentions of each side, and all of them, from the hits of a group. */
const sideCounts = {
  ours: sql<number>`(count(*) filter (where ${trackerHits.side} = 'ours'))::int`,
  theirs: sql<number>`(count(*) filter (where ${trackerHits.side} = 'theirs'))::int`,
  unknown: sql<number>`(count(*) filter (where ${trackerHits.side} = 'unknown'))::int`,
  total: sql<number>`count(*)::int`,
};

/**
 * Trackers and their hits. Every read and write carries the organisation; counts over time go
 * through the meetings' visibility rule (visibleTo), in the query itself.
 */
export function createTrackersRepo(db: Db) {
  const ofOrg = (organizationId: string, id: string) =>
    and(eq(trackers.id, id), eq(trackers.organizationId, organizationId));

  /**
   * The hits counted: the caller's visible conversations (training videos aside) within the
   * filters, of one deal's calls when asked.
   */
  function counted(caller: Caller, f: TrackerCountFilters): SQL {
    const c: SQL[] = [
      eq(trackerHits.organizationId, caller.organizationId),
      visibleTo(caller),
      eq(meetings.kind, 'meeting'),
      ...dateRange(f.from, f.to),
    ];
    if (f.trackerId) c.push(eq(trackerHits.trackerId, f.trackerId));
    if (f.dealId) c.push(eq(meetings.dealId, f.dealId));
    return and(...c) as SQL;
  }

  return {
    async list(organizationId: string): Promise<TrackerRow[]> {
      return db
        .select()
        .from(trackers)
        .where(eq(trackers.organizationId, organizationId))
        .orderBy(asc(trackers.name));
    },

    async byId(organizationId: string, id: string): Promise<TrackerRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(trackers).where(ofOrg(organizationId, id));
      return row ?? null;
    },

    async insert(
      organizationId: string,
      createdBy: string,
      input: TrackerInput,
      now: Date,
    ): Promise<TrackerRow> {
      const [row] = await db
        .insert(trackers)
        .values({ organizationId, createdBy, ...input, createdAt: now, updatedAt: now })
        .returning();
      if (!row) throw new Error('tracker insert returned nothing');
      return row;
    },

    async update(
      organizationId: string,
      id: string,
      input: TrackerInput,
      now: Date,
    ): Promise<TrackerRow | null> {
      const [row] = await db
        .update(trackers)
        .set({ ...input, updatedAt: now })
        .where(ofOrg(organizationId, id))
        .returning();
      return row ?? null;
    },

    /** Its hits go with it (cascade). */
    async remove(organizationId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const rows = await db
        .delete(trackers)
        .where(ofOrg(organizationId, id))
        .returning({ id: trackers.id });
      return rows.length > 0;
    },

    async members(organizationId: string): Promise<Member[]> {
      return db
        .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(eq(users.organizationId, organizationId));
    },

    /** A meeting's transcript with what decides its speakers' sides; null without one. */
    async meetingToCount(meetingId: string): Promise<MeetingToCount | null> {
      const [row] = await db
        .select({
          meetingId: meetingTranscripts.meetingId,
          organizationId: meetingTranscripts.organizationId,
          words: meetingTranscripts.words,
          names: meetings.additionalDetails,
        })
        .from(meetingTranscripts)
        .innerJoin(meetings, eq(meetings.id, meetingTranscripts.meetingId))
        .where(eq(meetingTranscripts.meetingId, meetingId));
      if (!row) return null;
      const verified = await db
        .select({
          speaker: sql<string>`${biometricResults.result} ->> 'speaker'`,
          email: participants.email,
        })
        .from(biometricResults)
        .innerJoin(participants, eq(participants.id, biometricResults.participantId))
        .where(
          and(
            eq(biometricResults.meetingId, meetingId),
            eq(participants.organizationId, row.organizationId),
            sql`${biometricResults.result} ->> 'status' = 'verified'`,
            sql`${biometricResults.result} ->> 'speaker' is not null`,
          ),
        );
      return { ...row, verified };
    },

    /** The organisation's transcribed meetings after `after` (by id), a batch at a time. */
    async transcribedMeetingIds(
      organizationId: string,
      after: string | null,
      limit: number,
    ): Promise<string[]> {
      const rows = await db
        .select({ id: meetingTranscripts.meetingId })
        .from(meetingTranscripts)
        .where(
          and(
            eq(meetingTranscripts.organizationId, organizationId),
            after ? gt(meetingTranscripts.meetingId, after) : undefined,
          ),
        )
        .orderBy(asc(meetingTranscripts.meetingId))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Replaces a meeting's hits: of one tracker, or of every tracker when `trackerId` is null.
     * The meeting's row is locked first, so two counts of one meeting (a correction while a
     * re-count runs) take turns instead of both inserting.
     */
    async replaceHits(
      meetingId: string,
      organizationId: string,
      trackerId: string | null,
      hits: readonly CountedHit[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .select({ id: meetings.id })
          .from(meetings)
          .where(eq(meetings.id, meetingId))
          .for('update');
        await tx
          .delete(trackerHits)
          .where(
            and(
              eq(trackerHits.meetingId, meetingId),
              trackerId ? eq(trackerHits.trackerId, trackerId) : undefined,
            ),
          );
        // Batches keep each statement's parameters well under PostgreSQL's limit.
        for (let i = 0; i < hits.length; i += 500) {
          await tx
            .insert(trackerHits)
            .values(hits.slice(i, i + 500).map((h) => ({ ...h, meetingId, organizationId })));
        }
      });
    },

    async hitsOf(organizationId: string, meetingId: string): Promise<TrackerHitRow[]> {
      return db
        .select()
        .from(trackerHits)
        .where(
          and(eq(trackerHits.meetingId, meetingId), eq(trackerHits.organizationId, organizationId)),
        )
        .orderBy(asc(trackerHits.start), asc(trackerHits.trackerId));
    },

    /** Hits per week (Monday, UTC) and tracker, oldest first. */
    async weeklyCounts(caller: Caller, f: TrackerCountFilters) {
      const week = sql<string>`to_char(date_trunc('week', ${meetings.startTime} at time zone 'UTC'), 'YYYY-MM-DD')`;
      return db
        .select({ weekStart: week, trackerId: trackerHits.trackerId, ...sideCounts })
        .from(trackerHits)
        .innerJoin(meetings, eq(meetings.id, trackerHits.meetingId))
        .where(counted(caller, f))
        .groupBy(week, trackerHits.trackerId)
        .orderBy(asc(week), asc(trackerHits.trackerId));
    },

    /** Hits per meeting and tracker for the latest `limit` meetings with hits (or those given). */
    async meetingCounts(
      caller: Caller,
      f: TrackerCountFilters & { meetingIds?: readonly string[] },
      limit: number,
    ) {
      const where = f.meetingIds
        ? and(counted(caller, f), inArray(trackerHits.meetingId, [...f.meetingIds]))
        : counted(caller, f);
      const latest = await db
        .select({
          meetingId: meetings.id,
          meetingName: meetings.meetingName,
          startTime: meetings.startTime,
        })
        .from(trackerHits)
        .innerJoin(meetings, eq(meetings.id, trackerHits.meetingId))
        .where(where)
        .groupBy(meetings.id)
        .orderBy(desc(meetings.startTime), asc(meetings.id))
        .limit(limit);
      if (latest.length === 0) return { meetings: latest, counts: [] };
      const counts = await db
        .select({
          meetingId: trackerHits.meetingId,
          trackerId: trackerHits.trackerId,
          ...sideCounts,
        })
        .from(trackerHits)
        .innerJoin(meetings, eq(meetings.id, trackerHits.meetingId))
        .where(
          and(
            counted(caller, f),
            inArray(
              trackerHits.meetingId,
              latest.map((m) => m.meetingId),
            ),
          ),
        )
        .groupBy(trackerHits.meetingId, trackerHits.trackerId)
        .orderBy(asc(trackerHits.trackerId));
      return { meetings: latest, counts };
    },
  };
}
export type TrackersRepo = ReturnType<typeof createTrackersRepo>;
