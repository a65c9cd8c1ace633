import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ANALYSIS_MESSAGES,
  analysisRoutes,
  isFeatureAvailable,
  type Meeting,
  type OfflineStatus,
  type RouteBody,
} from '@parley/contracts';
import { api, failureMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth-store';
import { toast } from '../../lib/toast';
import { meetingKeys } from '../meetings';

export const analysisKeys = {
  all: (id: string) => ['analysis', id] as const,
  status: (id: string) => ['analysis', id, 'status'] as const,
  transcription: (id: string) => ['analysis', id, 'transcription'] as const,
  diarization: (id: string) => ['analysis', id, 'diarization'] as const,
  speakerTime: (id: string) => ['analysis', id, 'speaker-time'] as const,
  sentiment: (id: string) => ['analysis', id, 'sentiment'] as const,
  speakingRate: (id: string) => ['analysis', id, 'speaking-rate'] as const,
  conversation: (id: string) => ['analysis', id, 'conversation'] as const,
};

/** The feature the transcript and text analytics need; the server refuses them without it. */
export const ZAI_FEATURE = 'Zai Intelligence';

export function useHasZai(): boolean {
  const { user } = useAuth();
  return Boolean(user && isFeatureAvailable(user, ZAI_FEATURE));
}

type MeetingRef = Pick<Meeting, 'id' | 'inferenceStatus'> | undefined;

/** Analysis results exist only once the meeting is processed. */
const ready = (m: MeetingRef) => m?.inferenceStatus === 'processed';

/** Spec 2 §9: the transcription is not kept in the cache once unused (cache time 0). */
/**
 * The transcript: once processed, and while analysing too, when the speech step stores its
 * first lines as it transcribes (the 'transcript-progress' event refetches it).
 */
export function useTranscription(meeting: MeetingRef, hasZai: boolean) {
  const id = meeting?.id ?? '';
  return useQuery({
    queryKey: analysisKeys.transcription(id),
    queryFn: ({ signal }) =>
      api(analysisRoutes.transcription, { params: { meetingId: id }, signal, toast: false }),
    enabled: (ready(meeting) || meeting?.inferenceStatus === 'analysing') && hasZai,
    gcTime: 0,
  });
}

export function useDiarization(meeting: MeetingRef) {
  const meetingId = meeting?.id ?? '';
  return useQuery({
    queryKey: analysisKeys.diarization(meetingId),
    queryFn: ({ signal }) =>
      api(analysisRoutes.diarization, { params: { meetingId }, signal, toast: false }),
    enabled: ready(meeting),
  });
}

export function useSpeakerTimeMapping(meeting: MeetingRef) {
  const meetingId = meeting?.id ?? '';
  return useQuery({
    queryKey: analysisKeys.speakerTime(meetingId),
    queryFn: ({ signal }) =>
      api(analysisRoutes.speakerTimeMapping, { params: { meetingId }, signal, toast: false }),
    enabled: ready(meeting),
  });
}

export function useSentiment(meeting: MeetingRef, hasZai: boolean) {
  const meetingId = meeting?.id ?? '';
  return useQuery({
    queryKey: analysisKeys.sentiment(meetingId),
    queryFn: ({ signal }) =>
      api(analysisRoutes.sentiment, { params: { meetingId }, signal, toast: false }),
    enabled: ready(meeting) && hasZai,
  });
}

export function useSpeakingRate(meeting: MeetingRef, hasZai: boolean) {
  const meetingId = meeting?.id ?? '';
  return useQuery({
    queryKey: analysisKeys.speakingRate(meetingId),
    queryFn: ({ signal }) =>
      api(analysisRoutes.speakingRate, { params: { meetingId }, signal, toast: false }),
    enabled: ready(meeting) && hasZai,
  });
}

export function useConversation(meeting: MeetingRef, hasZai: boolean) {
  const meetingId = meeting?.id ?? '';
  return useQuery({
    queryKey: analysisKeys.conversation(meetingId),
    queryFn: ({ signal }) =>
      api(analysisRoutes.conversation, { params: { meetingId }, signal, toast: false }),
    enabled: ready(meeting) && hasZai,
  });
}

/** Statuses while the pipeline still works; the status is polled as a fallback to realtime. */
const running = (s: Meeting['inferenceStatus'] | undefined) => s === 'queued' || s === 'analysing';

export function useOfflineStatus(meeting: MeetingRef) {
  const id = meeting?.id ?? '';
  return useQuery({
    queryKey: analysisKeys.status(id),
    queryFn: ({ signal }) =>
      api(analysisRoutes.status, { params: { meetingId: id }, signal, toast: false }),
    enabled: id.length > 0,
    // Realtime events refresh it; polling only covers a dropped channel.
    refetchInterval: (q) =>
      running(q.state.data?.inferenceStatus ?? meeting?.inferenceStatus) ? 5000 : false,
  });
}

/** Puts a status answer in the cache and moves the meeting to its status. */
export function useApplyOfflineStatus() {
  const client = useQueryClient();
  return (status: OfflineStatus) => {
    client.setQueryData(analysisKeys.status(status.meetingId), status);
    client.setQueryData<Meeting>(meetingKeys.detail(status.meetingId), (m) =>
      m ? { ...m, inferenceStatus: status.inferenceStatus, statusReason: status.statusReason } : m,
    );
    void client.invalidateQueries({ queryKey: meetingKeys.lists() });
  };
}

/** offline/start: queue the meeting (again, after a failure). */
export function useStartAnalysis() {
  const apply = useApplyOfflineStatus();
  return useMutation({
    mutationFn: (body: RouteBody<typeof analysisRoutes.start>) =>
      api(analysisRoutes.start, { body }),
    onSuccess: apply,
  });
}

/** offline/re-analyze: run the pipeline again from speech (the default step). */
export function useReanalyze() {
  const apply = useApplyOfflineStatus();
  return useMutation({
    mutationFn: (meetingId: string) =>
      api(analysisRoutes.reanalyze, { body: { meetingId, stage: 'speech' }, toast: false }),
    onSuccess: apply,
    // Spec 2 §8 names this failure; the server's reason follows it.
    onError: (error) =>
      toast({
        title: ANALYSIS_MESSAGES.reanalyzeFailed,
        description: failureMessage(error, ANALYSIS_MESSAGES.reanalyzeFailed),
        variant: 'error',
      }),
  });
}

/** PATCH meeting/participant; the names then replace speaker_NN labels everywhere. */
export function useNameSpeakers(meetingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (additionalDetails: Record<string, string>) =>
      api(analysisRoutes.nameSpeakers, { body: { meetingId, additionalDetails }, toast: false }),
    onSuccess: (res) => {
      client.setQueryData<Meeting>(meetingKeys.detail(meetingId), (m) =>
        m ? { ...m, additionalDetails: res.additionalDetails } : m,
      );
      void client.invalidateQueries({ queryKey: meetingKeys.detail(meetingId) });
      void client.invalidateQueries({ queryKey: analysisKeys.all(meetingId) });
    },
  });
}
