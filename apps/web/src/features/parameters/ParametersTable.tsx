import { useState } from 'react';
import { Pencil, Plus, SlidersHorizontal, Trash2 } from 'lucide-react';
import type { Parameter } from '@parley/contracts';
import { formatDayMonthYear } from '../../lib/format';
import { parseSort, sortToOrder, type SortState } from '../../lib/table-state';
import { useDebouncedValue } from '../../lib/use-debounced';
import { toast } from '../../lib/toast';
import {
  Button,
  ConfirmDialog,
  type DataColumn,
  DataTable,
  EmptyState,
  LoadError,
  SearchInput,
} from '../../ui';
import { useDeleteParameter, useParameterPage } from './api';
import { ParameterDialog } from './ParameterDialog';

const PAGE_SIZE = 10;

/** Spec 3 §7 Parameters: key, value and description, paged and sorted; add, edit, delete. */
export function ParametersTable() {
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState>(parseSort('key:asc'));
  const [dialog, setDialog] = useState<{ editing: Parameter | null } | null>(null);
  const [removing, setRemoving] = useState<Parameter | null>(null);
  const term = useDebouncedValue(search.trim());
  const parameters = useParameterPage({
    page,
    size: PAGE_SIZE,
    sort: sortToOrder(sort),
    ...(term ? { search: term } : {}),
  });
  const remove = useDeleteParameter();

  const actionsOf = (p: Parameter) => (
    <span className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Edit ${p.key}`}
        onClick={() => setDialog({ editing: p })}
      >
        <Pencil className="size-4" aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${p.key}`}
        onClick={() => setRemoving(p)}
      >
        <Trash2 className="size-4" aria-hidden />
      </Button>
    </span>
  );

  const columns: DataColumn<Parameter>[] = [
    {
      id: 'key',
      header: 'Key',
      sortable: true,
      cell: (p) => <span className="font-mono text-xs font-medium text-fg">{p.key}</span>,
    },
    { id: 'value', header: 'Value', cell: (p) => <span className="tabular">{p.value}</span> },
    {
      id: 'description',
      header: 'Description',
      cell: (p) => <span className="text-muted">{p.description || '—'}</span>,
    },
    {
      id: 'updatedAt',
      header: 'Updated',
      sortable: true,
      descFirst: true,
      cell: (p) => <span className="tabular text-muted">{formatDayMonthYear(p.updatedAt)}</span>,
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      className: 'w-24 text-right',
      cell: actionsOf,
    },
  ];

  return (
    <section aria-labelledby="parameters-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="parameters-heading" className="text-lg font-semibold text-fg">
          Parameters
        </h2>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          <SearchInput
            label="Search parameters"
            placeholder="Search keys"
            value={search}
            onValueChange={(text) => {
              setSearch(text);
              setPage(0);
            }}
            className="min-w-0 flex-1 sm:w-64"
          />
          <Button onClick={() => setDialog({ editing: null })}>
            <Plus className="size-4" aria-hidden />
            Add parameter
          </Button>
        </div>
      </div>
      {parameters.isError ? (
        <LoadError
          icon={SlidersHorizontal}
          what="The parameters"
          onRetry={() => void parameters.refetch()}
        />
      ) : (
        <DataTable
          label="Parameters"
          columns={columns}
          rows={parameters.data?.data ?? []}
          rowKey={(p) => p.id}
          rowLabel={(p) => p.key}
          renderCard={(p) => (
            <div className="flex items-start justify-between gap-3">
              <span className="flex min-w-0 flex-col gap-1">
                <span className="font-mono text-xs font-medium break-all text-fg">{p.key}</span>
                <span className="tabular text-fg">{p.value}</span>
                {p.description ? <span className="text-sm text-muted">{p.description}</span> : null}
              </span>
              {actionsOf(p)}
            </div>
          )}
          loading={parameters.isLoading}
          refreshing={parameters.isFetching && !parameters.isLoading}
          sort={sort}
          onSortChange={(next) => {
            setSort(next);
            setPage(0);
          }}
          empty={
            <EmptyState
              icon={SlidersHorizontal}
              title="No parameter matches"
              description="Try another key."
            />
          }
          pagination={{
            pageIndex: page,
            pageSize: PAGE_SIZE,
            count: parameters.data?.count ?? 0,
            onPageChange: setPage,
            noun: 'parameters',
          }}
        />
      )}
      <ParameterDialog
        open={dialog !== null}
        editing={dialog?.editing ?? null}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={`Delete ${removing?.key ?? 'parameter'}?`}
        description="A parameter the server knows falls back to its environment default."
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: (res) => {
              toast({ title: res.message, variant: 'success' });
              setRemoving(null);
            },
          })
        }
      />
    </section>
  );
}
