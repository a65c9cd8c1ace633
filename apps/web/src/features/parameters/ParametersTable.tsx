import { SlidersHorizontal } from 'lucide-react';
import type { Parameter } from '@parley/contracts';
import { formatDate } from '../../lib/datetime';
import { parseSort } from '../../lib/table-state';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { useEditor } from '../../lib/use-editor';
import { useListState } from '../../lib/use-list-state';
import {
  actionsColumn,
  type DataColumn,
  DeleteDialog,
  ListSection,
  RowActions,
  editAndDelete,
} from '../../ui';
import { useDeleteParameter, useParameterPage } from './api';
import { ParameterDialog } from './ParameterDialog';

/** Spec 3 §7 Parameters: key, value and description, paged and sorted; add, edit, delete. */
export function ParametersTable() {
  const list = useListState({ sort: parseSort('key:asc') });
  const parameters = useParameterPage({ ...list.query, sort: list.order });
  const editor = useEditor<Parameter>();
  const remove = useDeleteParameter();
  const removal = useConfirmedAction((p: Parameter) => remove.mutateAsync(p.id));

  const actionsOf = (p: Parameter) => editAndDelete(p, editor.edit, removal.ask);

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
    actionsColumn((p) => p.key, actionsOf, { inline: true }),
  ];

  return (
    <ListSection
      title="Parameters"
      add={{ label: 'Add parameter', onClick: editor.add }}
      search={{ label: 'Search parameters', placeholder: 'Search keys' }}
      label="Parameters"
      list={list}
      result={parameters}
      columns={columns}
      rowKey={(p) => p.id}
      rowLabel={(p) => p.key}
      renderCard={(p) => (
        <div className="flex items-start justify-between gap-3">
          <span className="flex min-w-0 flex-col gap-1">
            <span className="font-mono text-xs font-medium break-all text-fg">{p.key}</span>
            <span className="tabular text-fg">{p.value}</span>
            {p.description ? <span className="text-sm text-muted">{p.description}</span> : null}
          </span>
          <RowActions label={p.key} items={actionsOf(p)} inline />
        </div>
      )}
      icon={SlidersHorizontal}
      noun="parameters"
      empty={{ title: 'No parameter matches', description: 'Try another key.' }}
    >
      <ParameterDialog
        key={editor.key}
        open={editor.open}
        editing={editor.target}
        onClose={editor.close}
      />
      <DeleteDialog
        action={removal}
        name={(p) => p.key}
        noun="parameter"
        description="A parameter the server knows falls back to its environment default."
      />
    </ListSection>
  );
}
