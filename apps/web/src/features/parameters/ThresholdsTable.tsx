import { useState } from 'react';
import { Gauge, Pencil } from 'lucide-react';
import type { Threshold } from '@parley/contracts';
import { useFormDialog } from '../../lib/use-form-dialog';
import { useListState } from '../../lib/use-list-state';
import type { Validated } from '../../lib/validation';
import {
  actionsColumn,
  Badge,
  type DataColumn,
  FormDialog,
  ListSection,
  RowActions,
  TextField,
} from '../../ui';
import { useSaveThreshold, useThresholdPage } from './api';

function validate({ value }: { value: string }): Validated<'value', number> {
  const n = Number(value);
  if (value.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= 100)
    return { ok: true, body: n };
  return { ok: false, errors: value ? { value: 'A whole number from 0 to 100' } : {} };
}

/** The owner keys it by the row, so the field starts from the row's effective value. */
function ThresholdDialog({ row, onClose }: { row: Threshold | null; onClose(): void }) {
  const save = useSaveThreshold();
  const { field, dialog } = useFormDialog({
    initial: { value: row ? String(row.effective) : '' },
    validate,
    save: async (value: number) => {
      if (row) await save.mutateAsync({ id: row.id, organizationId: row.organizationId, value });
    },
    failure: 'The threshold could not be saved',
    onClose,
  });
  return (
    <FormDialog
      open={row !== null}
      title={`HR score threshold for ${row?.organizationName ?? ''}`}
      description="Candidate Analysis: a score at or above it is Recommended / Good."
      submitLabel="Save"
      {...dialog}
    >
      <TextField
        label="Threshold (0–100)"
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        {...field('value')}
      />
    </FormDialog>
  );
}

const sourceOf = (t: Threshold) =>
  t.id ? <Badge tone="info">Own value</Badge> : <Badge tone="neutral">Parameter</Badge>;

/** Spec 3 §7 Thresholds: each organisation's own HR score threshold, or the parameter's. */
export function ThresholdsTable() {
  const list = useListState();
  const thresholds = useThresholdPage(list.query);
  const [editing, setEditing] = useState<Threshold | null>(null);
  const actionsOf = (t: Threshold) => [
    { label: 'Set the threshold of', icon: Pencil, onSelect: () => setEditing(t) },
  ];

  const columns: DataColumn<Threshold>[] = [
    {
      id: 'organization',
      header: 'Organization',
      cell: (t) => <span className="font-medium text-fg">{t.organizationName}</span>,
    },
    {
      id: 'value',
      header: 'HR score threshold',
      className: 'text-right',
      cell: (t) => <span className="tabular">{t.effective}</span>,
    },
    { id: 'source', header: 'Source', cell: sourceOf },
    actionsColumn((t) => t.organizationName, actionsOf),
  ];

  return (
    <ListSection
      title="Thresholds"
      search={{ label: 'Search organizations' }}
      label="Thresholds"
      list={list}
      result={thresholds}
      columns={columns}
      rowKey={(t) => t.organizationId}
      rowLabel={(t) => t.organizationName}
      renderCard={(t) => (
        <div className="flex items-center justify-between gap-3">
          <span className="flex min-w-0 flex-col gap-1">
            <span className="font-medium text-fg">{t.organizationName}</span>
            <span className="flex items-center gap-2">
              <span className="tabular text-lg font-semibold text-fg">{t.effective}</span>
              {sourceOf(t)}
            </span>
          </span>
          <RowActions label={t.organizationName} items={actionsOf(t)} />
        </div>
      )}
      icon={Gauge}
      noun="organizations"
      what="The thresholds"
      empty={{ title: 'No organization matches', description: 'Try another name.' }}
    >
      <ThresholdDialog
        key={editing?.organizationId ?? 'none'}
        row={editing}
        onClose={() => setEditing(null)}
      />
    </ListSection>
  );
}
