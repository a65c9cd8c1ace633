import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PERSONAL_DATA_MESSAGES,
  PROFILE_IMAGE,
  personalDataFileName,
  personalDataRoutes,
  organizationProfileSchema,
  profileRoutes,
  sessionUserSchema,
  type OrganizationProfile,
  type OrganizationSettings,
  type SessionUser,
  type ThemeChoice,
  type UpdateProfileBody,
  type UserSettings,
} from '@parley/contracts';
import { api, download, failureMessage, postForm } from '../../lib/api';
import { toast } from '../../lib/toast';
import { saveFile } from '../reports';
import { updateSessionUser, useAuth } from '../../lib/auth-store';
import { setTheme, themeStore } from '../../lib/theme';

export const profileKeys = {
  all: ['profile'] as const,
  organization: ['profile', 'organization'] as const,
  settings: ['profile', 'settings'] as const,
  organizationSettings: ['profile', 'organization', 'settings'] as const,
};

const imageForm = (file: File) => {
  const form = new FormData();
  form.append(PROFILE_IMAGE.field, file, file.name);
  return form;
};

/** The answers that change the signed-in user go straight into the session: menu and rail follow. */
function useUserMutation<V>(run: (vars: V) => Promise<SessionUser>) {
  return useMutation({ mutationFn: run, onSuccess: (user) => updateSessionUser(user) });
}

export const useUpdateProfile = () =>
  useUserMutation((body: UpdateProfileBody) =>
    api(profileRoutes.updateUser, { body, toast: false }),
  );

export const useUploadPicture = () =>
  useUserMutation(async (file: File) =>
    sessionUserSchema.parse(
      await postForm(profileRoutes.uploadUserImage.path, imageForm(file), { toast: false }),
    ),
  );

export const useRemovePicture = () =>
  useUserMutation<void>(() => api(profileRoutes.deleteUserImage, { toast: false }));

export function useOrganizationProfile() {
  return useQuery({
    queryKey: profileKeys.organization,
    queryFn: ({ signal }) => api(profileRoutes.getOrganization, { signal, toast: false }),
  });
}

function useOrganizationMutation<V>(run: (vars: V) => Promise<OrganizationProfile>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (organization) => {
      client.setQueryData(profileKeys.organization, organization);
      updateSessionUser({ organization });
    },
  });
}

export const useUpdateOrganization = () =>
  useOrganizationMutation((name: string) =>
    api(profileRoutes.updateOrganization, { body: { name }, toast: false }),
  );

export const useUploadLogo = () =>
  useOrganizationMutation(async (file: File) =>
    organizationProfileSchema.parse(
      await postForm(profileRoutes.uploadOrganizationImage.path, imageForm(file), {
        toast: false,
      }),
    ),
  );

export const useRemoveLogo = () =>
  useOrganizationMutation<void>(() => api(profileRoutes.deleteOrganizationImage, { toast: false }));

/** The organisation's analysis settings (point of contact). */
export function useOrganizationSettings() {
  return useQuery({
    queryKey: profileKeys.organizationSettings,
    queryFn: ({ signal }) => api(profileRoutes.getOrganizationSettings, { signal, toast: false }),
  });
}

export function useUpdateOrganizationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<OrganizationSettings>) =>
      api(profileRoutes.updateOrganizationSettings, { body, toast: false }),
    onSuccess: (settings) => client.setQueryData(profileKeys.organizationSettings, settings),
  });
}

/**
 * The theme as the user picks it (user menu, settings): applied at once on this device and
 * kept with the account, so their other devices follow on their next visit.
 */
export function useChooseTheme(): (theme: ThemeChoice) => void {
  const client = useQueryClient();
  return (theme) => {
    setTheme(theme);
    client.setQueryData<UserSettings>(profileKeys.settings, (s) => ({ ...s, theme }));
    void api(profileRoutes.updateSettings, { body: { theme }, toast: false }).catch(() => {
      /* the device keeps its choice; the account catches up on the next pick */
    });
  };
}

/** Once per signed-in visit: the account's theme, when one was chosen, wins over the device's. */
export function useAccountTheme(): void {
  const signedIn = useAuth().isAuthenticated;
  const { data } = useQuery({
    queryKey: profileKeys.settings,
    queryFn: ({ signal }) => api(profileRoutes.getSettings, { signal, toast: false }),
    enabled: signedIn,
    staleTime: Infinity,
  });
  const theme = data?.theme;
  useEffect(() => {
    if (theme && theme !== themeStore.get()) setTheme(theme);
  }, [theme]);
}

/**
 * The person's archive, saved under the server's name; it is built while the request runs,
 * so the button shows progress until the browser has the whole file.
 */
export function useExportMyData() {
  return useMutation({
    mutationFn: async () => {
      const file = await download(personalDataRoutes.exportData, { toast: false });
      saveFile(
        file.blob,
        file.fileName ?? personalDataFileName(new Date().toISOString().slice(0, 10)),
      );
    },
    onError: (error) =>
      toast({
        title: PERSONAL_DATA_MESSAGES.exportFailed,
        description: failureMessage(error, 'The archive could not be prepared.'),
        variant: 'error',
      }),
  });
}

/** Deletes the account; the session is gone with it, so the client forgets everything. */
export function useDeleteMyAccount() {
  return useMutation({
    mutationFn: (confirm: string) =>
      api(personalDataRoutes.deleteAccount, { body: { confirm }, toast: false }),
  });
}
