import { useQuery } from '@tanstack/react-query';
import { homeRoutes } from '@parley/contracts';
import { api } from '../../lib/api';

export const homeKeys = { summary: ['home', 'summary'] as const };

/** The home dashboard's figures, one call (GET /home/summary). */
export function useHomeSummary() {
  return useQuery({
    queryKey: homeKeys.summary,
    queryFn: ({ signal }) => api(homeRoutes.summary, { signal, toast: false }),
  });
}
