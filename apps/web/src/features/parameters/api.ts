import {
  parameterRoutes,
  type ParameterBody,
  type ParameterPageQuery,
  type ParameterPatchBody,
  type ThresholdPageQuery,
} from '@parley/contracts';
import { api } from '../../lib/api';
import { useChange } from '../../lib/use-change';
import { usePageQuery } from '../../lib/use-page-query';

export const parameterKeys = {
  all: ['parameter'] as const,
  page: (query: ParameterPageQuery) => ['parameter', 'page', query] as const,
  thresholds: (query: ThresholdPageQuery) => ['parameter', 'thresholds', query] as const,
  frontend: ['parameter', 'parameters'] as const,
};

export const useParameterPage = (query: ParameterPageQuery) =>
  usePageQuery(parameterKeys.page(query), (signal) => api(parameterRoutes.list, { query, signal }));

export const useThresholdPage = (query: ThresholdPageQuery) =>
  usePageQuery(parameterKeys.thresholds(query), (signal) =>
    api(parameterRoutes.thresholds, { query, signal }),
  );

/** Every parameter change can move an effective threshold, so all parameter data refreshes. */
const useParameterChange = <V, R>(run: (vars: V) => Promise<R>) =>
  useChange(run, { refresh: parameterKeys.all, refreshOnFailure: true });

export const useSaveParameter = () =>
  useParameterChange(
    (input: { id: string; patch: ParameterPatchBody } | { create: ParameterBody }) =>
      'create' in input
        ? api(parameterRoutes.create, { body: input.create, toast: false })
        : api(parameterRoutes.update, {
            params: { id: input.id },
            body: input.patch,
            toast: false,
          }),
  );

export const useDeleteParameter = () =>
  useParameterChange((id: string) => api(parameterRoutes.remove, { params: { id } }));

/** Creates the organisation's threshold, or changes the one it has. */
export const useSaveThreshold = () =>
  useParameterChange((input: { id: string | null; organizationId: string; value: number }) =>
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
  );
