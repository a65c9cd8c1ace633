import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  interviews,
  meetingTranscripts,
  meetings,
  transcriptSegments,
  type SegmentWord,
} from '../../platform/db/schema.js';
import type { Caller } from '../../platform/http/caller.js';
import { dateRange, visibleTo } from '../meetings/index.js';
import type { Segment, TranscriptWord } from './segments.js';

/** The search's filters once the route has parsed them. */
export interface SearchFilters {
  q: string;
  jobId?: string;
  stage?: string;
  from?: string;
  to?: string;
  speaker?: string;
}

/** A matching segment of the requested page, with its meeting's facts. */
export interface SegmentHit {
  meetingId: string;
  meetingName: string;
  meetingDate: Date;
  speaker: string;
  names: Record<string, string>;
  startSec: number;
  endSec: number;
  text: string;
  words: SegmentWord[];
  /** The text with each matching word between \u0001 and \u0002 (ts_headline). */
  marked: string;
  isInterview: boolean;
}

export const MARK_START = '\u0001';
export const MARK_END = '\u0002';

const s = transcriptSegments;
/** The query as PostgreSQL reads a search box: words, "phrases", -not, or. */
const tsquery = (q: string) => sql`websearch_to_tsquery('english', ${q})`;
/** 'like' patterns take what a user typed literally. */
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/** The speaker's name as the meeting gives it, "Speaker N" for speaker_(N-1) otherwise. */
const speakerName = sql<string>`coalesce(nullif(btrim(${meetings.additionalDetails} ->> ${s.speaker}), ''), case when ${s.speaker} ~ '^speaker_[0-9]+$' then 'Speaker ' || (substring(${s.speaker} from 9)::int + 1) else ${s.speaker} end)`;

export function createSearchRepo(db: Db) {
  /** The visible meetings' matching segments, with the filters (all in one condition). */
  function matching(caller: Caller, f: SearchFilters): SQL {
    const c: SQL[] = [
      sql`${s.tsv} @@ ${tsquery(f.q)}`,
      // The segments' own organisation column narrows before the join; visibleTo decides.
      eq(s.organizationId, caller.organizationId),
      visibleTo(caller),
      ...dateRange(f.from, f.to),
    ];
    if (f.stage) c.push(sql`${meetings.stage} = ${f.stage}`);
    if (f.jobId) c.push(eq(interviews.jobId, f.jobId));
    if (f.speaker) c.push(ilike(speakerName, likePattern(f.speaker)));
    return and(...c) as SQL;
  }

  return {
    /**
     * One page of matching segments, best first (ts_rank), newer meetings first among equals.
     * The highlight is computed for the page's rows only, after the limit.
     */
    async search(
      caller: Caller,
      f: SearchFilters,
      page: number,
      size: number,
    ): Promise<SegmentHit[]> {
      const hits = db
        .select({
          meetingId: s.meetingId,
          meetingName: meetings.meetingName,
          meetingDate: meetings.startTime,
          speaker: s.speaker,
          names: meetings.additionalDetails,
          startSec: s.startSec,
          endSec: s.endSec,
          text: s.text,
          words: s.words,
          isInterview: sql<boolean>`${interviews.meetingId} is not null`.as('is_interview'),
          rank: sql<number>`ts_rank(${s.tsv}, ${tsquery(f.q)})`.as('rank'),
        })
        .from(s)
        .innerJoin(meetings, eq(meetings.id, s.meetingId))
        .leftJoin(interviews, eq(interviews.meetingId, s.meetingId))
        .where(matching(caller, f))
        .orderBy(sql`rank desc`, desc(meetings.startTime), asc(s.meetingId), asc(s.startSec))
        .limit(size)
        .offset(page * size)
        .as('hits');
      const rows = await db
        .select({
          meetingId: hits.meetingId,
          meetingName: hits.meetingName,
          meetingDate: hits.meetingDate,
          speaker: hits.speaker,
          names: hits.names,
          startSec: hits.startSec,
          endSec: hits.endSec,
          text: hits.text,
          words: hits.words,
          isInterview: hits.isInterview,
          marked: sql<string>`ts_headline('english', ${hits.text}, ${tsquery(f.q)}, ${`StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`})`,
        })
        .from(hits)
        .orderBy(
          sql`${hits.rank} desc`,
          desc(hits.meetingDate),
          asc(hits.meetingId),
          asc(hits.startSec),
        );
      return rows.map((r) => ({ ...r, startSec: Number(r.startSec), endSec: Number(r.endSec) }));
    },

    /** How many segments match, and in how many meetings. */
    async count(caller: Caller, f: SearchFilters): Promise<{ moments: number; meetings: number }> {
      const [row] = await db
        .select({
          moments: sql<number>`count(*)::int`,
          meetings: sql<number>`count(distinct ${s.meetingId})::int`,
        })
        .from(s)
        .innerJoin(meetings, eq(meetings.id, s.meetingId))
        .leftJoin(interviews, eq(interviews.meetingId, s.meetingId))
        .where(matching(caller, f));
      return { moments: row?.moments ?? 0, meetings: row?.meetings ?? 0 };
    },

    /** The matching meetings, those with the best-ranked segment first (for the assistant). */
    async meetingIds(caller: Caller, f: SearchFilters, limit: number): Promise<string[]> {
      const rows = await db
        .select({ meetingId: s.meetingId })
        .from(s)
        .innerJoin(meetings, eq(meetings.id, s.meetingId))
        .leftJoin(interviews, eq(interviews.meetingId, s.meetingId))
        .where(matching(caller, f))
        .groupBy(s.meetingId, meetings.startTime)
        .orderBy(sql`max(ts_rank(${s.tsv}, ${tsquery(f.q)})) desc`, desc(meetings.startTime))
        .limit(limit);
      return rows.map((r) => r.meetingId);
    },

    /** The stored transcript's words, null when the meeting has none. */
    async transcript(
      meetingId: string,
    ): Promise<{ organizationId: string; words: TranscriptWord[] } | null> {
      const [row] = await db
        .select({
          organizationId: meetingTranscripts.organizationId,
          words: meetingTranscripts.words,
        })
        .from(meetingTranscripts)
        .where(eq(meetingTranscripts.meetingId, meetingId));
      return row ?? null;
    },

    /** Replaces a meeting's segments in one transaction, so a search never sees half of them. */
    async replace(meetingId: string, organizationId: string, segments: readonly Segment[]) {
      await db.transaction(async (tx) => {
        await tx.delete(s).where(eq(s.meetingId, meetingId));
        // Batches keep each statement's parameters well under PostgreSQL's limit.
        for (let i = 0; i < segments.length; i += 500) {
          await tx
            .insert(s)
            .values(segments.slice(i, i + 500).map((x) => ({ ...x, meetingId, organizationId })));
        }
      });
    },

    /** Meetings whose transcript has words but no segments yet (transcribed before search). */
    async unindexed(limit: number): Promise<string[]> {
      const rows = await db
        .select({ meetingId: meetingTranscripts.meetingId })
        .from(meetingTranscripts)
        .where(
          and(
            sql`not exists (select 1 from ${s} where ${s.meetingId} = ${meetingTranscripts.meetingId})`,
            sql`jsonb_array_length(${meetingTranscripts.words}) > 0`,
          ),
        )
        .limit(limit);
      return rows.map((r) => r.meetingId);
    },
  };
}
export type SearchRepo = ReturnType<typeof createSearchRepo>;
