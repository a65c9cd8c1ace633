import { useQuery } from '@tanstack/react-query';
import {
  AVATAR_TIMEOUTS_MS,
  avatarRoutes,
  voiceRoutes,
  type AvatarDraftBody,
} from '@parley/contracts';
import { api, postForm } from '../../lib/api';
import { useChange } from '../../lib/use-change';

export const avatarKeys = {
  all: ['avatars'] as const,
  voices: ['avatars', 'voices'] as const,
  avatars: ['avatars', 'list'] as const,
  one: (id: string) => ['avatars', 'one', id] as const,
};

/** Spec 3 §4: a failed load shows an empty list (and the catalogue's message as the error). */
export function useVoices() {
  return useQuery({
    queryKey: avatarKeys.voices,
    queryFn: ({ signal }) => api(voiceRoutes.list, { signal, toast: false }),
  });
}

export function useAvatars() {
  return useQuery({
    queryKey: avatarKeys.avatars,
    queryFn: ({ signal }) => api(avatarRoutes.list, { signal, toast: false }),
  });
}

export function useAvatar(id: string | undefined) {
  return useQuery({
    queryKey: avatarKeys.one(id ?? ''),
    enabled: !!id,
    queryFn: ({ signal }) =>
      api(avatarRoutes.get, { params: { id: id ?? '' }, signal, toast: false }),
    retry: false,
  });
}

/** Each call waits as long as spec 3 §9 allows it, then gives up. */
const within = (ms: number) => AbortSignal.timeout(ms);

export function useVoiceChanges() {
  const refresh = avatarKeys.all;
  const create = useChange(
    (form: FormData) =>
      postForm(voiceRoutes.create.path, form, {
        signal: within(AVATAR_TIMEOUTS_MS.voiceCreate),
        toast: false,
      }),
    { refresh },
  );
  const setDefault = useChange((id: string) => api(voiceRoutes.setDefault, { params: { id } }), {
    refresh,
  });
  const remove = useChange((id: string) => api(voiceRoutes.remove, { params: { id } }), {
    refresh,
    refreshOnFailure: true,
  });
  return { create, setDefault, remove };
}

export function useAvatarChanges() {
  const refresh = avatarKeys.all;
  const draft = useChange(
    (body: Partial<AvatarDraftBody> & Pick<AvatarDraftBody, 'name' | 'gender'>) =>
      api(avatarRoutes.createDraft, {
        body,
        signal: within(AVATAR_TIMEOUTS_MS.avatarDraft),
        toast: false,
      }),
    { refresh },
  );
  const image = useChange(
    (form: FormData) =>
      postForm(avatarRoutes.createImage.path, form, {
        signal: within(AVATAR_TIMEOUTS_MS.avatarImage),
        toast: false,
      }),
    { refresh },
  );
  const finalise = useChange(
    (id: string) =>
      api(avatarRoutes.finalise, {
        params: { id },
        signal: within(AVATAR_TIMEOUTS_MS.avatarDraft),
      }),
    { refresh },
  );
  const duplicate = useChange(
    (body: { avatarId: string; voiceId: string }) =>
      api(avatarRoutes.duplicate, { body, signal: within(AVATAR_TIMEOUTS_MS.avatarDuplicate) }),
    { refresh },
  );
  const setDefault = useChange((id: string) => api(avatarRoutes.setDefault, { params: { id } }), {
    refresh,
  });
  const remove = useChange((id: string) => api(avatarRoutes.remove, { params: { id } }), {
    refresh,
    refreshOnFailure: true,
  });
  return { draft, image, finalise, duplicate, setDefault, remove };
}

export const previewVoice = (id: string) => api(voiceRoutes.preview, { params: { id } });
export const speakAs = (avatarId: string, text: string, signal?: AbortSignal) =>
  api(avatarRoutes.speak, { body: { avatarId, text }, ...(signal ? { signal } : {}) });
