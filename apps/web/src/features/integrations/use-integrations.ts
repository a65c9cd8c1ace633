import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  integrationRoutes,
  type AwsConfigBody,
  type AzureConfigBody,
  type CloudProvider,
  type StorageProvider,
} from '@parley/contracts';
import { api } from '../../lib/api';
import { authStore, updateSessionUser } from '../../lib/auth-store';
import { integrationKeys } from './model';

export function useConfigurations() {
  return useQuery({
    queryKey: integrationKeys.configurations,
    queryFn: ({ signal }) => api(integrationRoutes.configurations, { signal }),
  });
}

export function useDefaultCloud() {
  return useQuery({
    queryKey: integrationKeys.defaultCloud,
    queryFn: ({ signal }) => api(integrationRoutes.getDefaultCloud, { signal }),
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: integrationKeys.configurations }),
      client.invalidateQueries({ queryKey: integrationKeys.defaultCloud }),
    ]);
}

/** Where new uploads go is also read from the session (the upload dialog), so keep it in step. */
function rememberDefault(provider: StorageProvider) {
  const org = authStore.get().user?.organization;
  if (org) updateSessionUser({ organization: { ...org, defaultCloud: provider } });
}

/** Connect a store. Failures are shown inline in the dialog, so no error toast. */
export function useConnect() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (
      input:
        { provider: 'aws'; body: AwsConfigBody } | { provider: 'azure'; body: AzureConfigBody },
    ) => {
      if (input.provider === 'aws') {
        await api(integrationRoutes.createAws, { body: input.body, toast: false });
        // Spec 3 §7: create with credentials, then mark the connection connected.
        return api(integrationRoutes.connectAws, { body: { status: 'connected' }, toast: false });
      }
      return api(integrationRoutes.createAzure, { body: input.body, toast: false });
    },
    onSettled: refresh,
  });
}

/** Disconnect a store; when it was the default, new media goes back to local storage. */
export function useDisconnect() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({
      provider,
      wasDefault,
    }: {
      provider: CloudProvider;
      wasDefault: boolean;
    }) => {
      const res = await api(
        provider === 'aws' ? integrationRoutes.deleteAws : integrationRoutes.deleteAzure,
      );
      if (wasDefault) {
        // The server keeps the old choice; say local explicitly so both sides agree.
        const next = await api(integrationRoutes.setDefaultCloud, {
          body: { provider: 'local' },
          toast: false,
        }).catch(() => null);
        rememberDefault(next?.provider ?? 'local');
      }
      return res;
    },
    onSettled: refresh,
  });
}

export function useMakeDefault() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (provider: StorageProvider) =>
      api(integrationRoutes.setDefaultCloud, { body: { provider } }),
    onSuccess: (result) => rememberDefault(result.provider),
    onSettled: refresh,
  });
}
