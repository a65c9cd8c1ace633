import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  BIOMETRIC_EVENTS,
  PARTICIPANT_MESSAGES as P,
  biometricRunSchema,
  isBiometricRunActive,
  biometricsRoutes as r,
  type BiometricRun,
} from '@parley/contracts';
import { api, failureMessage } from '../../lib/api';
import { useMeetingChannel, type Connect } from '../../lib/realtime';
import { toast } from '../../lib/toast';

export const participantKeys = {
  list: (meetingId: string) => ['participants', meetingId] as const,
  results: (meetingId: string) => ['biometrics', meetingId, 'results'] as const,
  run: (meetingId: string) => ['biometrics', meetingId, 'run'] as const,
};

export function useMeetingParticipants(meetingId: string, enabled: boolean) {
  return useQuery({
    queryKey: participantKeys.list(meetingId),
    queryFn: ({ signal }) => api(r.list, { query: { meetingId }, signal }),
    enabled,
  });
}

export function useBiometricResults(meetingId: string, enabled: boolean) {
  return useQuery({
    queryKey: participantKeys.results(meetingId),
    queryFn: ({ signal }) => api(r.data, { params: { meetingId }, signal, toast: false }),
    enabled,
  });
}

export function useInviteParticipant(meetingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; name: string }) =>
      api(r.invite, { body: { ...body, meetingId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: participantKeys.list(meetingId) }),
  });
}

const setRun = (client: QueryClient, run: BiometricRun) =>
  client.setQueryData(participantKeys.run(run.meetingId), run);

/** offline/start-biometric: queues the verification; the answer is the run's status. */
export function useStartBiometric(meetingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(r.startBiometric, { body: { meetingId }, toast: false }),
    onSuccess: (run) => {
      setRun(client, run);
      // Nobody to verify had registered: the 'Not registered' results are already stored.
      if (run.status === 'done')
        void client.invalidateQueries({ queryKey: participantKeys.results(meetingId) });
    },
    // Spec 2 §8 names this failure; the server's reason follows it.
    onError: (error) =>
      toast({
        title: P.verificationFailed,
        description: failureMessage(error, P.verifyFailed),
        variant: 'error',
      }),
  });
}

/**
 * The meeting's verification run: read from the server (so a page opened mid-run shows it),
 * then moved by the realtime 'biometrics' events while it is queued or running, with polling
 * only for a dropped channel. When a run finishes, its results are read again.
 */
export function useBiometricRun(
  meetingId: string,
  enabled: boolean,
  /** Replaces socket.io (tests). */
  connect?: Connect,
) {
  const client = useQueryClient();
  const run = useQuery({
    queryKey: participantKeys.run(meetingId),
    queryFn: ({ signal }) => api(r.status, { params: { meetingId }, signal, toast: false }),
    enabled,
    refetchInterval: (q) =>
      q.state.data && isBiometricRunActive(q.state.data.status) ? 5000 : false,
  });
  const active = run.data !== undefined && isBiometricRunActive(run.data.status);

  useMeetingChannel(active ? meetingId : null, {
    events: [BIOMETRIC_EVENTS.status],
    onEvent: (_name, payload) => {
      const parsed = biometricRunSchema.safeParse(payload);
      if (parsed.success && parsed.data.meetingId === meetingId) setRun(client, parsed.data);
    },
    // The meeting's analysis may end while the verification still runs.
    closeOnTerminal: false,
    connect,
  });

  const wasActive = useRef(false);
  const status = run.data?.status;
  useEffect(() => {
    if (wasActive.current && status === 'done')
      void client.invalidateQueries({ queryKey: participantKeys.results(meetingId) });
    wasActive.current = status !== undefined && isBiometricRunActive(status);
  }, [status, client, meetingId]);

  return run;
}
