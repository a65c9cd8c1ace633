import { searchRoutes, type TranscriptSearchQuery } from '@parley/contracts';
import { api } from '../../lib/api';
import { usePageQuery } from '../../lib/use-page-query';

export const searchKeys = {
  transcripts: (query: TranscriptSearchQuery) => ['search', 'transcripts', query] as const,
};

/** One page of moments matching the query; nothing is asked while the box is empty. */
export const useTranscriptSearch = (query: TranscriptSearchQuery | null) =>
  usePageQuery(searchKeys.transcripts(query ?? { q: '' }), (signal) =>
    query
      ? api(searchRoutes.transcripts, { query, signal })
      : Promise.resolve({ data: [], count: 0, meetingCount: 0 }),
  );
