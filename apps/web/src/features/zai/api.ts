import { zaiRoutes } from '@parley/contracts';
import { api } from '../../lib/api';
import { usePageQuery } from '../../lib/use-page-query';

export const zaiKeys = {
  meetings: (search: string, size: number) => ['zai', 'meetings', search, size] as const,
};

/** The picker's meetings: transcribed and visible to the caller, newest first. */
export const useZaiMeetings = (search: string, size: number) =>
  usePageQuery(zaiKeys.meetings(search, size), (signal) =>
    api(zaiRoutes.meetings, { query: { search: search || undefined, size, page: 0 }, signal }),
  );
