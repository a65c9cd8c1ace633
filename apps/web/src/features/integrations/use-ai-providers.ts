import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  aiProviderRoutes,
  type AiConfigBody,
  type AiConfigProvider,
  type RouteBody,
} from '@parley/contracts';
import { api } from '../../lib/api';

const keys = {
  providers: ['ai', 'providers'] as const,
  available: ['ai', 'models', 'available'] as const,
  models: ['models'] as const,
};

export function useAiProviders() {
  return useQuery({
    queryKey: keys.providers,
    queryFn: ({ signal }) => api(aiProviderRoutes.list, { signal }),
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [keys.providers, keys.available, keys.models].map((queryKey) =>
        client.invalidateQueries({ queryKey }),
      ),
    );
}

/** Connect a provider; the server tests the key first. Failures show inline in the dialog. */
export function useConnectAi() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ provider, body }: { provider: AiConfigProvider; body: AiConfigBody }) =>
      api(aiProviderRoutes[provider].create, { body, toast: false }),
    onSettled: refresh,
  });
}

export function useDisconnectAi() {
  const refresh = useRefresh();
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
