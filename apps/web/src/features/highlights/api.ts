import { useQuery } from '@tanstack/react-query';
import { highlightRoutes, type Highlight } from '@parley/contracts';
import { api } from '../../lib/api';
import { useChange } from '../../lib/use-change';

export const highlightKeys = {
  all: ['highlights'] as const,
  list: (meetingId: string) => ['highlights', meetingId] as const,
};

/** The meeting's highlights, in the order they come in the meeting. */
export function useHighlights(meetingId: string | undefined) {
  return useQuery({
    queryKey: highlightKeys.list(meetingId ?? ''),
    queryFn: ({ signal }) =>
      api(highlightRoutes.list, { params: { meetingId: meetingId ?? '' }, signal, toast: false }),
    enabled: Boolean(meetingId),
    select: byStart,
  });
}

export const byStart = (list: Highlight[]): Highlight[] =>
  [...list].sort((a, b) => a.startTime - b.startTime || a.createdAt.localeCompare(b.createdAt));

export interface HighlightFields {
  title: string;
  note: string | null;
}

/** Save, change and delete; each reloads the meeting's list. Failures are the caller's to say. */
export function useHighlightChanges(meetingId: string) {
  const refresh = highlightKeys.list(meetingId);
  const create = useChange(
    (body: HighlightFields & { startTime: number; endTime: number }) =>
      api(highlightRoutes.create, { body: { ...body, meetingId }, toast: false }),
    { refresh },
  );
  const update = useChange(
    ({ id, ...body }: HighlightFields & { id: string; startTime: number; endTime: number }) =>
      api(highlightRoutes.update, { params: { id }, body, toast: false }),
    { refresh },
  );
  const remove = useChange((id: string) => api(highlightRoutes.remove, { params: { id } }), {
    refresh,
    refreshOnFailure: true,
  });
  return { create, update, remove };
}
