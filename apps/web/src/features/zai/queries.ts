import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { assistantRoutes, availableModelsRoute } from '@parley/contracts';
import { api } from '../../lib/api';

/** The picker's meetings: transcribed and visible to the caller, newest first. */
export function useZaiMeetings(search: string, size: number) {
  return useQuery({
    queryKey: ['zai', 'meetings', search, size],
    queryFn: ({ signal }) =>
      api(assistantRoutes.meetings, {
        query: { search: search || undefined, size, page: 0 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Models the organisation can use; a failed call leaves the choice to the server's default. */
export function useAvailableModels() {
  return useQuery({
    queryKey: ['ai', 'models', 'available'],
    queryFn: ({ signal }) => api(availableModelsRoute, { signal, toast: false }),
    retry: false,
  });
}
