import { useMutation, useQuery } from '@tanstack/react-query';
import { roomRoutes } from '@parley/contracts';
import { api } from '../../lib/api';

export const useRoom = (meetingId: string) =>
  useQuery({
    queryKey: ['room', meetingId],
    queryFn: ({ signal }) => api(roomRoutes.get, { params: { meetingId }, signal, toast: false }),
    staleTime: 0,
  });

export const useGuestRoom = (meetingId: string, token: string) =>
  useQuery({
    queryKey: ['room', meetingId, 'guest'],
    queryFn: ({ signal }) =>
      api(roomRoutes.guest, { params: { meetingId, token }, signal, toast: false }),
    retry: false,
  });

export const useCreateRoom = () =>
  useMutation({
    mutationFn: (meetingName: string) => api(roomRoutes.create, { body: { meetingName } }),
  });
