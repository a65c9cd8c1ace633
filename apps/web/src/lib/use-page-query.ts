import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';

/**
 * A server-paged list read: the previous page stays on screen (ListTable dims it) while the
 * next one loads, rather than the table dropping back to skeleton rows at every page or search.
 */
export function usePageQuery<T>(queryKey: QueryKey, read: (signal: AbortSignal) => Promise<T>) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => read(signal),
    placeholderData: keepPreviousData,
  });
}
