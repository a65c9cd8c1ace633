import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { aiProviderRoutes, BUILT_IN_MODEL } from '@parley/contracts';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { integrationKeys, useAvailableModels, useZaiSettings } from './api';
import { SelectField, Skeleton } from '../../ui';

/** Spec 3 §7 Zai settings: the model Zai and the insights step use when none is chosen. */
export function ZaiDefaultModel({
  organizationId,
  canManage,
}: {
  organizationId: string;
  canManage: boolean;
}) {
  const client = useQueryClient();
  const settings = useZaiSettings(organizationId);
  const models = useAvailableModels();
  const save = useMutation({
    mutationFn: (defaultModel: string) =>
      api(aiProviderRoutes.patchZaiSettings, {
        params: { organizationId },
        body: { defaultModel },
      }),
    onSuccess: (s) =>
      toast({
        title: 'Zai default model saved',
        description: s.defaultModel ?? '',
        variant: 'success',
      }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: integrationKeys.zaiSettings(organizationId) }),
        client.invalidateQueries({ queryKey: integrationKeys.availableModels }),
      ]),
  });

  if (settings.isLoading || models.isLoading)
    return <Skeleton className="h-16 w-full max-w-md rounded-card" />;
  const options = (models.data?.data ?? [])
    .filter((m) => m.connected)
    .map((m) => ({ value: m.model, label: m.label }));
  return (
    <div className="flex max-w-md items-end gap-3">
      <Sparkles className="mb-2.5 size-4 shrink-0 text-subtle" aria-hidden />
      <SelectField
        label="Default model for Zai"
        value={settings.data?.defaultModel ?? BUILT_IN_MODEL}
        onValueChange={(m) => save.mutate(m)}
        options={options}
        className="flex-1"
        disabled={!canManage || save.isPending}
      />
    </div>
  );
}
