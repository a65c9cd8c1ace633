import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { zaiRoutes } from '@parley/contracts';
import { api } from '../../lib/api';

export const zaiKeys = {
  meetings: (search: string, size: number) => ['zai', 'meetings', search, size] as const,
};

/** The picker's meetings: transcribed and visible to the caller, newest first. */
export function useZaiMeetings(search: string, size: number) {
  return useQuery({
    queryKey: zaiKeys.meetings(search, size),
    queryFn: ({ signal }) =>
      api(zaiRoutes.meetings, {
        query: { search: search || undefined, size, page: 0 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
