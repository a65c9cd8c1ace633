import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** One query cache for the app; unused data is kept 60 s (ARCHITECTURE §5). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: 60_000,
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      // Client errors will not get better by asking again.
      retry: (count, error) =>
        !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
    },
    mutations: { retry: false },
  },
});
