import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  parameterRoutes,
  type ParameterBody,
  type ParameterPageQuery,
  type ParameterPatchBody,
  type ThresholdPageQuery,
} from '@parley/contracts';
import { api } from '../../lib/api';

export const parameterKeys = {
  all: ['parameter'] as const,
  page: (query: ParameterPageQuery) => ['parameter', 'page', query] as const,
  thresholds: (query: ThresholdPageQuery) => ['parameter', 'thresholds', query] as const,
  frontend: ['parameter', 'parameters'] as const,
};

export function useParameterPage(query: ParameterPageQuery) {
  return useQuery({
    queryKey: parameterKeys.page(query),
    queryFn: ({ signal }) => api(parameterRoutes.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useThresholdPage(query: ThresholdPageQuery) {
  return useQuery({
    queryKey: parameterKeys.thresholds(query),
    queryFn: ({ signal }) => api(parameterRoutes.thresholds, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every parameter change can move an effective threshold, so all parameter data refreshes. */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: parameterKeys.all });
}

export function useSaveParameter() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: string; patch: ParameterPatchBody } | { create: ParameterBody }) =>
      'create' in input
        ? api(parameterRoutes.create, { body: input.create, toast: false })
        : api(parameterRoutes.update, {
            params: { id: input.id },
            body: input.patch,
            toast: false,
          }),
    onSettled: refresh,
  });
}

export function useDeleteParameter() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api(parameterRoutes.remove, { params: { id } }),
    onSettled: refresh,
  });
}

/** Creates the organisation's threshold, or changes the one it has. */
export function useSaveThreshold() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: string | null; organizationId: string; value: number }) =>
      input.id
        ? api(parameterRoutes.updateThreshold, {
            params: { id: input.id },
            body: { value: input.value },
            toast: false,
          })
        : api(parameterRoutes.createThreshold, {
            body: { organizationId: input.organizationId, value: input.value },
            toast: false,
          }),
    onSettled: refresh,
  });
}
