import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  interviews,
  meetingTranscripts,
  meetings,
  transcriptSegments,
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
  wordStartsMs: number[];
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

  /** How many segments match, and in how many meetings. */
  async function count(
    caller: Caller,
    f: SearchFilters,
  ): Promise<{ moments: number; meetings: number }> {
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
  }

  return {
    /**
     * One page of matching segments, best first (ts_rank), newer meetings first among equals,
     * with the number of matching segments and meetings: one scan of the matches serves the
     * page and both counts (window functions), and the text, word times and highlight are read
     * for the page's rows only.
     */
    async search(
      caller: Caller,
      f: SearchFilters,
      page: number,
      size: number,
    ): Promise<{ hits: SegmentHit[]; moments: number; meetings: number }> {
      const ranked = db
        .select({
          id: s.id,
          meetingId: s.meetingId,
          startSec: s.startSec,
          meetingDate: meetings.startTime,
          rank: sql<number>`ts_rank(${s.tsv}, ${tsquery(f.q)})`.as('rank'),
          // Numbers the matching meetings 1..n, so the largest is how many there are.
          meetingNo: sql<number>`dense_rank() over (order by ${s.meetingId})`.as('meeting_no'),
        })
        .from(s)
        .innerJoin(meetings, eq(meetings.id, s.meetingId))
        .leftJoin(interviews, eq(interviews.meetingId, s.meetingId))
        .where(matching(caller, f))
        .as('ranked');
      const pageRows = db
        .select({
          id: ranked.id,
          rank: ranked.rank,
          meetingDate: ranked.meetingDate,
          meetingId: ranked.meetingId,
          startSec: ranked.startSec,
          moments: sql<number>`count(*) over ()`.as('moments'),
          meetingCount: sql<number>`max(${ranked.meetingNo}) over ()`.as('meeting_count'),
        })
        .from(ranked)
        .orderBy(
          desc(ranked.rank),
          desc(ranked.meetingDate),
          asc(ranked.meetingId),
          asc(ranked.startSec),
        )
        .limit(size)
        .offset(page * size)
        .as('page');
      const rows = await db
        .select({
          meetingId: s.meetingId,
          meetingName: meetings.meetingName,
          meetingDate: meetings.startTime,
          speaker: s.speaker,
          names: meetings.additionalDetails,
          startSec: s.startSec,
          endSec: s.endSec,
          text: s.text,
          wordStartsMs: s.wordStartsMs,
          isInterview: sql<boolean>`exists (select 1 from ${interviews} where ${interviews.meetingId} = ${s.meetingId})`,
          marked: sql<string>`ts_headline('english', ${s.text}, ${tsquery(f.q)}, ${`StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`})`,
          moments: pageRows.moments,
          meetingCount: pageRows.meetingCount,
        })
        .from(pageRows)
        .innerJoin(s, eq(s.id, pageRows.id))
        .innerJoin(meetings, eq(meetings.id, s.meetingId))
        .orderBy(
          desc(pageRows.rank),
          desc(pageRows.meetingDate),
          asc(pageRows.meetingId),
          asc(pageRows.startSec),
        );
      const first = rows[0];
      // A page past the last has no rows to carry the counts: count without a page then.
      const counts = first
        ? { moments: Number(first.moments), meetings: Number(first.meetingCount) }
        : page > 0
          ? await count(caller, f)
          : { moments: 0, meetings: 0 };
      return {
        hits: rows.map(({ moments: _m, meetingCount: _c, ...r }) => ({
          ...r,
          startSec: Number(r.startSec),
          endSec: Number(r.endSec),
        })),
        ...counts,
      };
    },

    count,

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
