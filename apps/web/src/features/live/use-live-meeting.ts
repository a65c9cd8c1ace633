import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  REALTIME,
  applyLiveSegment,
  liveAnalyticsSchema,
  liveRoutes,
  liveSegmentSchema,
  liveZaiPromptsSchema,
  type LiveAnalytics,
  type LiveSegment,
  type LiveZaiPrompts,
  type ShownLiveSegment,
} from '@parley/contracts';
import { api } from '../../lib/api';
import { useMeetingChannel, type Connect } from '../../lib/realtime';

export const liveKeys = {
  transcript: (meetingId: string) => ['live', 'transcript', meetingId] as const,
  tag: (meetingId: string) => ['live', 'tag', meetingId] as const,
};

const LIVE_EVENTS = [
  REALTIME.liveSegment,
  REALTIME.liveAnalytics,
  REALTIME.liveZai,
  REALTIME.liveEnded,
] as const;

export interface LiveMeeting {
  /** The transcript as shown: finals in order, then what is being said (spec 2 §4 rules). */
  segments: ShownLiveSegment[];
  analytics: LiveAnalytics | null;
  zai: LiveZaiPrompts | null;
  /** The call ended (the recording goes to the offline analysis). */
  ended: boolean;
  loading: boolean;
  error: boolean;
  retry(): void;
}

const warn = (message: string) => console.warn(message);

/**
 * A live call's transcript and cards: what the server kept so far (a page opened mid-call),
 * then every segment, analytics and Zai event of the meeting's realtime room on top.
 */
export function useLiveMeeting(meetingId: string, opts: { connect?: Connect } = {}): LiveMeeting {
  const transcript = useQuery({
    queryKey: liveKeys.transcript(meetingId),
    queryFn: ({ signal }) =>
      api(liveRoutes.transcript, { params: { meetingId }, signal, toast: false }),
    staleTime: Infinity,
  });
  const tag = useQuery({
    queryKey: liveKeys.tag(meetingId),
    queryFn: ({ signal }) => api(liveRoutes.tag, { params: { meetingId }, signal, toast: false }),
    staleTime: Infinity,
  });
  const [events, setEvents] = useState<LiveSegment[]>([]);
  const [analytics, setAnalytics] = useState<LiveAnalytics | null>(null);
  const [zai, setZai] = useState<LiveZaiPrompts | null>(null);
  const [ended, setEnded] = useState(false);

  const onEvent = useCallback(
    (name: string, payload: unknown) => {
      if ((payload as { meetingId?: unknown } | null)?.meetingId !== meetingId) return;
      if (name === REALTIME.liveSegment) {
        const parsed = liveSegmentSchema.safeParse(payload);
        if (parsed.success) setEvents((list) => [...list, parsed.data]);
        else warn('live transcript: a segment that is not one was ignored');
      } else if (name === REALTIME.liveAnalytics) {
        const parsed = liveAnalyticsSchema.safeParse(payload);
        if (parsed.success) setAnalytics(parsed.data);
      } else if (name === REALTIME.liveZai) {
        const parsed = liveZaiPromptsSchema.safeParse(payload);
        if (parsed.success) setZai(parsed.data);
      } else if (name === REALTIME.liveEnded) setEnded(true);
    },
    [meetingId],
  );
  useMeetingChannel(meetingId, {
    events: LIVE_EVENTS,
    onEvent,
    closeOnTerminal: false,
    ...(opts.connect ? { connect: opts.connect } : {}),
  });

  const segments = useMemo(() => {
    const kept = transcript.data?.segments ?? [];
    // A final both stored and heard on the channel is applied once.
    const keptFinals = new Set(kept.filter((s) => s.isFinal).map((s) => s.id));
    const fresh = events.filter((e) => !(e.isFinal && keptFinals.has(e.id)));
    return [...kept, ...fresh].reduce<ShownLiveSegment[]>(
      (shown, s) => applyLiveSegment(shown, s, warn),
      [],
    );
  }, [transcript.data, events]);

  return {
    segments,
    analytics: analytics ?? tag.data?.analytics ?? null,
    zai: zai ?? tag.data?.zai ?? null,
    // Stored finals of a session that is no longer open: the call is over.
    ended: ended || (transcript.data?.live === false && transcript.data.segments.length > 0),
    loading: transcript.isPending,
    error: transcript.isError,
    retry: () => void transcript.refetch(),
  };
}
