import { useMutation, useQuery } from '@tanstack/react-query';
import {
  meetingRoutes,
  promptRoutes,
  type PromptCreateBody,
  type PromptQuery,
  type RouteBody,
} from '@parley/contracts';
import { api } from '../../lib/api';
import { useChange } from '../../lib/use-change';
import { usePageQuery } from '../../lib/use-page-query';

export const promptKeys = {
  all: ['prompt'] as const,
  list: (q: PromptQuery) => ['prompt', 'query', q] as const,
  tags: ['prompt', 'tags'] as const,
  workbenchMeetings: ['meeting', 'user', 'reports', 'workbench'] as const,
};

/** Spec 3 §5: empty search and filter are not sent. */
export function useSavedPrompts(q: PromptQuery) {
  const query: PromptQuery = {
    page: q.page,
    size: q.size,
    sort: q.sort,
    ...(q.search?.trim() ? { search: q.search.trim() } : {}),
    ...(q.filter ? { filter: q.filter } : {}),
  };
  return usePageQuery(promptKeys.list(query), (signal) =>
    api(promptRoutes.query, { query, signal }),
  );
}

export function usePromptTags() {
  return useQuery({
    queryKey: promptKeys.tags,
    queryFn: ({ signal }) => api(promptRoutes.tags, { signal }),
  });
}

/** The newest 100 processed meetings the caller may see (the meeting picker). */
export function useProcessedMeetings() {
  return useQuery({
    queryKey: promptKeys.workbenchMeetings,
    queryFn: ({ signal }) =>
      api(meetingRoutes.reports, {
        query: { page: 0, size: 100, order: 'createdAt:desc' },
        signal,
      }),
  });
}

/** Saved prompts and their tags change together: the whole prompt cache refreshes. */
const usePromptChange = <V, R>(run: (vars: V) => Promise<R>) =>
  useChange(run, { refresh: promptKeys.all, refreshOnFailure: true });

export const useSavePrompt = () =>
  usePromptChange(({ id, body }: { id: string | null; body: PromptCreateBody }) =>
    id ? api(promptRoutes.update, { params: { id }, body }) : api(promptRoutes.create, { body }),
  );

export const useDeletePrompt = () =>
  usePromptChange((id: string) => api(promptRoutes.remove, { params: { id } }));

/** Cached 0 s (spec 2 §9): a comparison is always run afresh. */
export function useCompare() {
  return useMutation({
    mutationFn: (body: RouteBody<typeof promptRoutes.compare>) =>
      api(promptRoutes.compare, { body }),
  });
}
