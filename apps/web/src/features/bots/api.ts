import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { botRoutes, botStateEventSchema, type MeetingBotView } from '@parley/contracts';
import { api } from '../../lib/api';

export const botKeys = {
  all: ['bots'] as const,
  ofMeeting: (meetingId: string) => ['bots', 'meeting', meetingId] as const,
  service: ['bots', 'service'] as const,
};

/** The meeting's latest bot (null: none was sent); `enabled` false skips asking. */
export function useMeetingBot(meetingId: string, enabled = true) {
  return useQuery({
    queryKey: botKeys.ofMeeting(meetingId),
    queryFn: async ({ signal }) =>
      (await api(botRoutes.ofMeeting, { params: { meetingId }, signal, toast: false })).data,
    enabled,
  });
}

/** Reads a REALTIME.botState payload defensively; null when it is not one. */
/**
 * Whether a call's page shows its live transcript and cards instead of the recording: its bot
 * is recording and no recording was imported yet. The banner's realtime updates keep the
 * bot's query current, so the page turns into the normal one when the bot leaves.
 */
export function useBotRecordingLive(
  meeting: { id: string; meetingLink: string | null; storageLink: string | null } | undefined,
): boolean {
  const { data: bot } = useMeetingBot(meeting?.id ?? '', Boolean(meeting?.meetingLink));
  return Boolean(meeting && !meeting.storageLink && bot?.state === 'recording');
}

export function parseBotEvent(payload: unknown): MeetingBotView | null {
  const parsed = botStateEventSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/** A bot-state event replaces the cached bot of its meeting (an older bot never wins). */
export function applyBotEvent(client: QueryClient, event: MeetingBotView): void {
  client.setQueryData<MeetingBotView | null>(botKeys.ofMeeting(event.meetingId), (current) =>
    current && current.id !== event.id && current.createdAt > event.createdAt ? current : event,
  );
}

/** A participant withdraws consent: the bot stops recording. */
export function useStopRecording() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (botId: string) =>
      api(botRoutes.consent, {
        params: { id: botId },
        body: { allowRecording: false },
        toast: false,
      }),
    onSuccess: (bot) => applyBotEvent(client, bot),
  });
}

/** Which bot service this server is configured with, and whether it answers. */
export function useBotService() {
  return useQuery({
    queryKey: botKeys.service,
    queryFn: ({ signal }) => api(botRoutes.serviceStatus, { signal, toast: false }),
    staleTime: 30_000,
  });
}
