import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { participantRoutes as r } from '@parley/contracts';
import { api } from '../../../lib/api';

export const participantKeys = {
  list: (meetingId: string) => ['participants', meetingId] as const,
  results: (meetingId: string) => ['biometrics', meetingId] as const,
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
    queryFn: ({ signal }) => api(r.data, { params: { meetingId }, signal }),
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

export function useStartBiometric(meetingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(r.startBiometric, { body: { meetingId } }),
    onSuccess: (results) => client.setQueryData(participantKeys.results(meetingId), results),
  });
}
