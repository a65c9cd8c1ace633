import type { TranscriptSearchResult } from '@parley/contracts';
import type { Caller } from '../../platform/http/caller.js';
import { momentOf } from './moments.js';
import type { SearchFilters, SearchRepo } from './repo.js';
import { segmentsOf } from './segments.js';

export interface SearchDeps {
  repo: SearchRepo;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/**
 * Search across every conversation: the transcript cut into segments (rewritten whenever the
 * transcript is written or corrected), and PostgreSQL full-text search over the segments of the
 * meetings the caller may see (the meetings' visibility rule, in the query itself).
 */
export function createSearchService(deps: SearchDeps) {
  const { repo, log } = deps;

  async function reindex(meetingId: string): Promise<number> {
    const transcript = await repo.transcript(meetingId);
    const segments = transcript ? segmentsOf(transcript.words) : [];
    // A meeting deleted meanwhile has no transcript: its segments went with it (cascade).
    if (transcript) await repo.replace(meetingId, transcript.organizationId, segments);
    return segments.length;
  }

  return {
    async search(
      caller: Caller,
      q: SearchFilters & { page: number; size: number },
    ): Promise<TranscriptSearchResult> {
      const found = await repo.search(caller, q, q.page, q.size);
      return { data: found.hits.map(momentOf), count: found.moments, meetingCount: found.meetings };
    },

    /** The visible meetings matching, best first, at most `limit`, and how many match in all. */
    async matchingMeetings(
      caller: Caller,
      filters: SearchFilters,
      limit: number,
    ): Promise<{ ids: string[]; count: number }> {
      const [ids, count] = await Promise.all([
        repo.meetingIds(caller, filters, limit),
        repo.count(caller, filters),
      ]);
      return { ids, count: count.meetings };
    },

    /** Rewrites a meeting's segments from its stored transcript (after it was written or edited). */
    reindex,

    /**
     * Gives segments to transcripts stored before search existed (or whose indexing failed), a
     * batch at a time; each meeting once per call, so one that yields no segment cannot loop.
     */
    async backfill(batch = 50): Promise<number> {
      const tried = new Set<string>();
      let indexed = 0;
      for (;;) {
        const ids = (await repo.unindexed(batch + tried.size)).filter((id) => !tried.has(id));
        if (ids.length === 0) break;
        for (const id of ids) {
          tried.add(id);
          await reindex(id);
          indexed += 1;
        }
      }
      if (indexed > 0) log.info({ meetings: indexed }, 'transcripts indexed for search');
      return indexed;
    },
  };
}
export type SearchService = ReturnType<typeof createSearchService>;
