import { Archive } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { retentionRoutes, type RetentionSettings, type RetentionView } from '@parley/contracts';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { CardContent, SelectField, type SelectOption } from '../../ui';
import { LoadedSettingsCard } from './SettingsCard';

const retentionKey = ['organization', 'retention'] as const;
const KEEP = 'keep';
const PRESETS = [30, 90, 180, 365, 730];

/** Keep for ever, the presets, and the saved value when it is none of them (set through the API). */
function optionsFor(current: number | null): SelectOption[] {
  const days =
    current && !PRESETS.includes(current) ? [...PRESETS, current].sort((a, b) => a - b) : PRESETS;
  return [
    { value: KEEP, label: 'Keep for ever' },
    ...days.map((d) => ({ value: String(d), label: `Delete after ${d} days` })),
  ];
}

function useRetention() {
  return useQuery({
    queryKey: retentionKey,
    queryFn: ({ signal }) => api(retentionRoutes.getSettings, { signal, toast: false }),
  });
}

function useUpdateRetention() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<RetentionSettings>) =>
      api(retentionRoutes.updateSettings, { body, toast: false }),
    onSuccess: (view) => client.setQueryData(retentionKey, view),
    onError: () => toast({ title: 'The retention setting was not saved', variant: 'error' }),
  });
}

function RetentionFields({ view }: { view: RetentionView }) {
  const update = useUpdateRetention();
  const toDays = (v: string) => (v === KEEP ? null : Number(v));
  const last = view.runs[0];
  return (
    <CardContent className="flex flex-col gap-5">
      <SelectField
        label="Recordings"
        value={view.recordingsDays ? String(view.recordingsDays) : KEEP}
        options={optionsFor(view.recordingsDays)}
        disabled={update.isPending}
        onValueChange={(v) => update.mutate({ recordingsDays: toDays(v) })}
      />
      <SelectField
        label="Transcripts"
        value={view.transcriptsDays ? String(view.transcriptsDays) : KEEP}
        options={optionsFor(view.transcriptsDays)}
        disabled={update.isPending}
        onValueChange={(v) => update.mutate({ transcriptsDays: toDays(v) })}
      />
      <p className="text-sm text-muted">
        {last
          ? `Last deleted ${new Date(last.ranAt).toLocaleDateString()}: ${last.recordingsDeleted} recordings, ${last.transcriptsDeleted} transcripts.`
          : 'Nothing has been deleted by retention yet.'}
      </p>
    </CardContent>
  );
}

/** The point of contact's retention settings (issue 20 item 6), applied by a daily pass. */
export function RetentionCard() {
  return (
    <LoadedSettingsCard
      title="Data retention"
      description="Recordings and transcripts of meetings older than this are deleted once a day; the meetings and their analysis stay."
      query={useRetention()}
      icon={Archive}
      what="The retention settings"
    >
      {(view) => <RetentionFields view={view} />}
    </LoadedSettingsCard>
  );
}
