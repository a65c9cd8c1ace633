import { SlidersHorizontal } from 'lucide-react';
import type { Parameter } from '@parley/contracts';
import { formatDate } from '../../lib/datetime';
import { parseSort } from '../../lib/table-state';
import { useListState } from '../../lib/use-list-state';
import { type DataColumn, EditableListSection } from '../../ui';
import { useDeleteParameter, useParameterPage } from './api';
import { ParameterDialog } from './ParameterDialog';

/** Spec 3 §7 Parameters: key, value and description, paged and sorted; add, edit, delete. */
export function ParametersTable() {
  const list = useListState({ sort: parseSort('key:asc') });
  const parameters = useParameterPage({ ...list.query, sort: list.order });
  const remove = useDeleteParameter();

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
      cell: (p) => <span className="tabular text-muted">{formatDate(p.updatedAt)}</span>,
    },
  ];

  return (
    <EditableListSection
      title="Parameters"
      search={{ label: 'Search parameters', placeholder: 'Search keys' }}
      label="Parameters"
      list={list}
      result={parameters}
      columns={columns}
      nameOf={(p) => p.key}
      card={(p) => (
        <>
          <span className="font-mono text-xs font-medium break-all text-fg">{p.key}</span>
          <span className="tabular text-fg">{p.value}</span>
          {p.description ? <span className="text-sm text-muted">{p.description}</span> : null}
        </>
      )}
      icon={SlidersHorizontal}
      noun="parameters"
      empty={{ title: 'No parameter matches', description: 'Try another key.' }}
      singular="parameter"
      dialog={(p) => <ParameterDialog {...p} />}
      deleteRow={(p) => remove.mutateAsync(p.id)}
      deleteDescription="A parameter the server knows falls back to its environment default."
    />
  );
}
