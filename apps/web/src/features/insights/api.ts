import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  INSIGHT_EVENTS,
  SALES_INSIGHT_EVENTS,
  insightItemSchema,
  insightRoutes,
  overallScoreOf,
  type InsightItem,
  type Meeting,
  type MeetingInsights,
} from '@parley/contracts';
import { api } from '../../lib/api';

/**
 * Under the meeting's analysis key (analysisKeys.all(id) = ['analysis', id]), so a finished
 * analysis refreshes it with the rest. Written out: analysis reads this feature's realtime
 * events, so importing analysis here would make the two features import each other.
 */
export const insightKeys = {
  meeting: (id: string) => ['analysis', id, 'insights'] as const,
};

/** Every realtime event that carries one prompt's result (spec 2 §3). */
export const INSIGHT_EVENT_NAMES: readonly string[] = [
  ...Object.values(INSIGHT_EVENTS).filter((e) => e !== INSIGHT_EVENTS.overall),
  ...SALES_INSIGHT_EVENTS,
];

type MeetingRef = Pick<Meeting, 'id' | 'inferenceStatus'> | undefined;

/**
 * The meeting's stored Zai results. Read while the analysis runs too: results arrive prompt
 * by prompt (realtime events put them in this cache). Spec 2 §9: AI prompt calls are not kept
 * once unused.
 */
export function useMeetingInsights(meeting: MeetingRef, hasZai: boolean) {
  const meetingId = meeting?.id ?? '';
  const s = meeting?.inferenceStatus;
  return useQuery({
    queryKey: insightKeys.meeting(meetingId),
    queryFn: ({ signal }) =>
      api(insightRoutes.meeting, { params: { meetingId }, signal, toast: false }),
    enabled: hasZai && meetingId.length > 0 && s !== 'uploaded',
    gcTime: 0,
  });
}

/** Puts one prompt's result from a realtime event into the meeting's insights. */
export function applyInsightEvent(client: QueryClient, payload: unknown): void {
  if (!payload || typeof payload !== 'object') return;
  const p = payload as { meetingId?: unknown; item?: unknown };
  const item = insightItemSchema.safeParse(p.item);
  if (typeof p.meetingId !== 'string' || !item.success) return;
  client.setQueryData<MeetingInsights>(insightKeys.meeting(p.meetingId), (old) => {
    if (!old) return old;
    const data: InsightItem[] = [
      ...old.data.filter((i) => i.promptName !== item.data.promptName),
      item.data,
    ];
    return { ...old, data, overallScore: overallScoreOf(data) };
  });
}

export const findItem = (data: readonly InsightItem[] | undefined, name: string) =>
  data?.find((i) => i.promptName === name);
