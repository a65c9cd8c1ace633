import { useState } from 'react';
import { Pencil, Route, RotateCcw } from 'lucide-react';
import type { Endpoint } from '@parley/contracts';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { useListState } from '../../lib/use-list-state';
import { actionsColumn, Badge, ConfirmDialog, type DataColumn, ListSection } from '../../ui';
import { useEndpointPage, useResetEndpoint } from './api';
import { PermissionDialog } from './PermissionDialog';

const METHOD_TONE = {
  GET: 'info',
  POST: 'success',
  PUT: 'warning',
  PATCH: 'warning',
  DELETE: 'danger',
} as const;
const toneOf = (method: string) =>
  METHOD_TONE[method as keyof typeof METHOD_TONE] ?? ('neutral' as const);
const nameOf = (e: Endpoint) => `${e.method} ${e.path}`;

/**
 * Spec 3 §3 Endpoint: the catalogue of the API's routes and the permission each requires,
 * generated from the route contracts. The super admin changes a route's permission, or resets
 * it to the contract's.
 */
export function EndpointsTable() {
  const list = useListState({ sort: { id: 'path', desc: false } });
  const endpoints = useEndpointPage({
    ...list.query,
    ...(list.order ? { sort: list.order } : {}),
  });
  const [editing, setEditing] = useState<Endpoint | null>(null);
  const reset = useResetEndpoint();
  const resetting = useConfirmedAction((e: Endpoint) => reset.mutateAsync(e));

  const columns: DataColumn<Endpoint>[] = [
    {
      id: 'method',
      header: 'Method',
      sortable: true,
      className: 'w-24',
      cell: (e) => <Badge tone={toneOf(e.method)}>{e.method}</Badge>,
    },
    {
      id: 'path',
      header: 'Path',
      sortable: true,
      cell: (e) => (
        <span className="flex flex-col">
          <span className="font-mono text-xs font-medium break-all text-fg">{e.path}</span>
          <span className="text-xs text-muted">{e.summary}</span>
        </span>
      ),
    },
    {
      id: 'permission',
      header: 'Permission',
      sortable: true,
      cell: (e) => (
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-xs text-fg">{e.permission}</span>
          {e.overridden ? <Badge tone="warning">Changed</Badge> : null}
        </span>
      ),
    },
    actionsColumn<Endpoint>(nameOf, (e) => [
      { label: 'Change permission', icon: Pencil, onSelect: () => setEditing(e) },
      ...(e.overridden
        ? [{ label: 'Reset permission', icon: RotateCcw, onSelect: () => resetting.ask(e) }]
        : []),
    ]),
  ];

  return (
    <ListSection
      title="Endpoints"
      description="Every route of the API and the permission a caller’s role must hold for it."
      search={{ label: 'Search endpoints', placeholder: 'Search paths or permissions' }}
      label="Endpoints"
      list={list}
      result={endpoints}
      columns={columns}
      rowKey={(e) => e.id}
      rowLabel={nameOf}
      icon={Route}
      noun="endpoints"
      empty={{
        title: 'No endpoints yet',
        description: 'The server lists its routes here when it starts.',
        noMatch: 'No endpoint matches',
      }}
    >
      <PermissionDialog endpoint={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        {...resetting.dialog}
        title={`Reset ${resetting.target ? nameOf(resetting.target) : 'endpoint'}?`}
        description={`It requires ${resetting.target?.defaultPermission ?? 'its contract’s permission'} again, as its contract says.`}
        confirmLabel="Reset"
      />
    </ListSection>
  );
}
