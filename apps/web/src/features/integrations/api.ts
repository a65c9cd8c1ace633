import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  aiProviderRoutes,
  availableModelsRoute,
  crmRoutes,
  integrationRoutes,
  type CrmProvider,
  type AiConfigBody,
  type AiConfigProvider,
  type AwsConfigBody,
  type RouteQuery,
  type AzureConfigBody,
  type CloudProvider,
  type RouteBody,
  type StorageProvider,
} from '@parley/contracts';
import { api } from '../../lib/api';
import { authStore, updateSessionUser } from '../../lib/auth-store';

type ModelPageQuery = RouteQuery<typeof aiProviderRoutes.modelPage>;

/**
 * Query keys of connections: storage (also read by the library's "From storage" dialog and
 * the upload dialog) and AI providers with the models they make available.
 */
export const integrationKeys = {
  configurations: ['configuration', 'all'] as const,
  defaultCloud: ['integration', 'cloud', 'default'] as const,
  aiProviders: ['ai', 'providers'] as const,
  availableModels: ['ai', 'models', 'available'] as const,
  /** Every model list, the configuration's models table included. */
  models: ['models'] as const,
  modelPage: (query: ModelPageQuery) => ['models', 'pagination', query] as const,
  zaiSettings: (organizationId: string) => ['zai-settings', organizationId] as const,
  crm: ['crm'] as const,
};

/** `enabled: false` for a caller whose role may not read them (the onboarding page). */
interface ReadOptions {
  enabled?: boolean;
}

export function useConfigurations({ enabled = true }: ReadOptions = {}) {
  return useQuery({
    queryKey: integrationKeys.configurations,
    queryFn: ({ signal }) => api(integrationRoutes.configurations, { signal }),
    enabled,
  });
}

export function useDefaultCloud() {
  return useQuery({
    queryKey: integrationKeys.defaultCloud,
    queryFn: ({ signal }) => api(integrationRoutes.getDefaultCloud, { signal }),
  });
}

function useRefreshStorage() {
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
  const refresh = useRefreshStorage();
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
  const refresh = useRefreshStorage();
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
  const refresh = useRefreshStorage();
  return useMutation({
    mutationFn: (provider: StorageProvider) =>
      api(integrationRoutes.setDefaultCloud, { body: { provider } }),
    onSuccess: (result) => rememberDefault(result.provider),
    onSettled: refresh,
  });
}

export function useAiProviders({ enabled = true }: ReadOptions = {}) {
  return useQuery({
    queryKey: integrationKeys.aiProviders,
    queryFn: ({ signal }) => api(aiProviderRoutes.list, { signal }),
    enabled,
  });
}

function useRefreshAi() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [integrationKeys.aiProviders, integrationKeys.availableModels, integrationKeys.models].map(
        (queryKey) => client.invalidateQueries({ queryKey }),
      ),
    );
}

/** Connect a provider; the server tests the key first. Failures show inline in the dialog. */
export function useConnectAi() {
  const refresh = useRefreshAi();
  return useMutation({
    mutationFn: ({ provider, body }: { provider: AiConfigProvider; body: AiConfigBody }) =>
      api(aiProviderRoutes[provider].create, { body, toast: false }),
    onSettled: refresh,
  });
}

export function useDisconnectAi() {
  const refresh = useRefreshAi();
  return useMutation({
    mutationFn: (provider: AiConfigProvider) => api(aiProviderRoutes[provider].remove),
    onSettled: refresh,
  });
}

/** Says what the provider answered; never throws for a refused key (ok: false instead). */
export function useTestAiConnection() {
  return useMutation({
    mutationFn: (body: RouteBody<typeof aiProviderRoutes.testConnection>) =>
      api(aiProviderRoutes.testConnection, { body, toast: false }),
  });
}

/**
 * Models the organisation can use (Zai's picker, the prompt workbench, the Zai settings).
 * `quiet`: a failed call shows no toast and is not retried, leaving the choice to the
 * server's default (Zai's picker).
 */
export function useAvailableModels({ quiet = false }: { quiet?: boolean } = {}) {
  return useQuery({
    queryKey: integrationKeys.availableModels,
    queryFn: ({ signal }) =>
      api(availableModelsRoute, { signal, ...(quiet ? { toast: false } : {}) }),
    ...(quiet ? { retry: false } : {}),
  });
}

/** Spec 3 §7 Zai settings: the model Zai and the insights step use when none is chosen. */
export function useZaiSettings(organizationId: string) {
  return useQuery({
    queryKey: integrationKeys.zaiSettings(organizationId),
    queryFn: ({ signal }) =>
      api(aiProviderRoutes.getZaiSettings, { params: { organizationId }, signal }),
  });
}

/** Spec 3 §7 Models: one page of the model catalogue; the page stays while the next loads. */
export function useModelPage(query: ModelPageQuery) {
  return useQuery({
    queryKey: integrationKeys.modelPage(query),
    queryFn: ({ signal }) => api(aiProviderRoutes.modelPage, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** HubSpot and Salesforce; polled while an import is queued or running, for its progress. */
export function useCrmStatus({ enabled = true }: ReadOptions = {}) {
  return useQuery({
    queryKey: integrationKeys.crm,
    queryFn: ({ signal }) => api(crmRoutes.status, { signal }),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.data.some(
        (s) => s.import?.state === 'queued' || s.import?.state === 'running',
      )
        ? 2000
        : false,
  });
}

/** Asks for the CRM's authorisation page and goes there; the callback brings the user back. */
export function useConnectCrm() {
  return useMutation({
    mutationFn: (provider: CrmProvider) => api(crmRoutes[provider].connect),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useImportCrm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (provider: CrmProvider) => api(crmRoutes[provider].importNow),
    onSettled: () => client.invalidateQueries({ queryKey: integrationKeys.crm }),
  });
}

export function useDisconnectCrm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (provider: CrmProvider) => api(crmRoutes[provider].remove),
    onSettled: () => client.invalidateQueries({ queryKey: integrationKeys.crm }),
  });
}
