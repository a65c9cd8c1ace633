import { useEffect, useState } from 'react';
import { Gauge, Pencil } from 'lucide-react';
import type { Threshold } from '@parley/contracts';
import { useDebouncedValue } from '../../lib/use-debounced';
import {
  Badge,
  Button,
  type DataColumn,
  DataTable,
  EmptyState,
  FormDialog,
  LoadError,
  SearchInput,
  TextField,
} from '../../ui';
import { useSaveThreshold, useThresholdPage } from './api';

const PAGE_SIZE = 10;

function ThresholdDialog({ row, onClose }: { row: Threshold | null; onClose(): void }) {
  const save = useSaveThreshold();
  const [value, setValue] = useState('');
  useEffect(() => {
    if (!row) return;
    save.reset();
    setValue(String(row.effective));
    // Only when a row is opened; `save` changes identity on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [row]);
  const n = Number(value);
  const valid = value.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= 100;
  return (
    <FormDialog
      open={row !== null}
      title={`HR score threshold for ${row?.organizationName ?? ''}`}
      description="Candidate Analysis: a score at or above it is Recommended / Good."
      onClose={onClose}
      pending={save.isPending}
      valid={valid}
      error={save.error?.message}
      submitLabel="Save"
      onSubmit={() =>
        row &&
        save.mutate(
          { id: row.id, organizationId: row.organizationId, value: n },
          { onSuccess: onClose },
        )
      }
    >
      <TextField
        label="Threshold (0–100)"
        type="number"
        inputMode="numeric"
        min={0}
        max={100}
        value={value}
        error={value && !valid ? 'A whole number from 0 to 100' : undefined}
        onChange={(e) => setValue(e.target.value)}
      />
    </FormDialog>
  );
}

/** Spec 3 §7 Thresholds: each organisation's own HR score threshold, or the parameter's. */
export function ThresholdsTable() {
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Threshold | null>(null);
  const term = useDebouncedValue(search.trim());
  const thresholds = useThresholdPage({ page, size: PAGE_SIZE, ...(term ? { search: term } : {}) });

  const actionOf = (t: Threshold) => (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Set the threshold of ${t.organizationName}`}
      onClick={() => setEditing(t)}
    >
      <Pencil className="size-4" aria-hidden />
    </Button>
  );
  const sourceOf = (t: Threshold) =>
    t.id ? <Badge tone="info">Own value</Badge> : <Badge tone="neutral">Parameter</Badge>;

  const columns: DataColumn<Threshold>[] = [
    {
      id: 'organization',
      header: 'Organisation',
      cell: (t) => <span className="font-medium text-fg">{t.organizationName}</span>,
    },
    {
      id: 'value',
      header: 'HR score threshold',
      className: 'text-right',
      cell: (t) => <span className="tabular">{t.effective}</span>,
    },
    {
      id: 'source',
      header: 'Source',
      cell: sourceOf,
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      className: 'w-12 text-right',
      cell: actionOf,
    },
  ];

  return (
    <section aria-labelledby="thresholds-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="thresholds-heading" className="text-lg font-semibold text-fg">
          Thresholds
        </h2>
        <SearchInput
          label="Search organisations"
          placeholder="Search organisations"
          value={search}
          onValueChange={(text) => {
            setSearch(text);
            setPage(0);
          }}
        />
      </div>
      {thresholds.isError ? (
        <LoadError icon={Gauge} what="The thresholds" onRetry={() => void thresholds.refetch()} />
      ) : (
        <DataTable
          label="Thresholds"
          columns={columns}
          rows={thresholds.data?.data ?? []}
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
              {actionOf(t)}
            </div>
          )}
          loading={thresholds.isLoading}
          refreshing={thresholds.isFetching && !thresholds.isLoading}
          empty={
            <EmptyState
              icon={Gauge}
              title="No organisation matches"
              description="Try another name."
            />
          }
          pagination={{
            pageIndex: page,
            pageSize: PAGE_SIZE,
            count: thresholds.data?.count ?? 0,
            onPageChange: setPage,
            noun: 'organisations',
          }}
        />
      )}
      <ThresholdDialog row={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
