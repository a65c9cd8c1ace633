import { useQuery } from '@tanstack/react-query';
import { integrationRoutes } from '@parley/contracts';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth-store';
import { integrationKeys } from '../integrations';
import { pickUploadProvider } from './upload';

/** The store an upload goes to (spec 1 §7: configurations are loaded when the dialog opens). */
export function useUploadProvider(open: boolean) {
  const defaultCloud = useAuth().user?.organization.defaultCloud ?? null;
  const cloud = defaultCloud === 'aws' || defaultCloud === 'azure';
  const configs = useQuery({
    queryKey: integrationKeys.configurations,
    queryFn: ({ signal }) => api(integrationRoutes.configurations, { signal, toast: false }),
    enabled: open && cloud,
    retry: false,
    staleTime: 60_000,
  });
  return {
    provider: pickUploadProvider(defaultCloud, configs.data),
    loading: cloud && configs.isLoading,
  };
}
