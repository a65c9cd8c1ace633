import { Cpu, Trash2 } from 'lucide-react';
import { aiProviderRoutes, type ModelRow } from '@parley/contracts';
import { api } from '../../lib/api';
import { useCan } from '../../lib/auth-store';
import { useChange } from '../../lib/use-change';
import { formatNumber } from '../../lib/format';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { useListState } from '../../lib/use-list-state';
import { integrationKeys, useModelPage } from '../integrations';
import {
  actionsColumn,
  Badge,
  Button,
  ConfirmDialog,
  type DataColumn,
  ListSection,
} from '../../ui';

const price = (n: number | null) => (n === null ? '—' : `$${n}`);

/** Spec 3 §7 Models: the catalogue, what the organisation can use, and how often each ran. */
export function ModelsTable() {
  // Changing the catalogue is the platform's; everyone else reads it.
  const superAdmin = useCan('platform.manage');
  const list = useListState();
  const models = useModelPage(list.query);
  // A refused change can mean the catalogue on screen is stale: it reloads either way.
  const changes = { refresh: integrationKeys.models, refreshOnFailure: true };
  const update = useChange(
    ({ id, status }: { id: string; status: 'active' | 'inactive' }) =>
      api(aiProviderRoutes.updateModel, { params: { id }, body: { status } }),
    changes,
  );
  const remove = useChange(
    (id: string) => api(aiProviderRoutes.deleteModel, { params: { id } }),
    changes,
  );
  const removal = useConfirmedAction((m: ModelRow) => remove.mutateAsync(m.id));

  const columns: DataColumn<ModelRow>[] = [
    {
      id: 'name',
      header: 'Model',
      cell: (m) => (
        <span className="flex flex-col">
          <span className="font-medium text-fg">{m.label}</span>
          <span className="tabular text-xs text-muted">{m.name}</span>
        </span>
      ),
    },
    {
      id: 'provider',
      header: 'Provider',
      cell: (m) => <span className="text-muted">{m.provider}</span>,
    },
    {
      id: 'context',
      header: 'Context',
      className: 'text-right',
      cell: (m) => (
        <span className="tabular">
          {m.contextTokens === null ? '—' : formatNumber(m.contextTokens)}
        </span>
      ),
    },
    {
      id: 'price',
      header: 'Price in / out per 1M tokens',
      className: 'text-right',
      cell: (m) => (
        <span className="tabular">
          {price(m.inputPricePerMTok)} / {price(m.outputPricePerMTok)}
        </span>
      ),
    },
    {
      id: 'count',
      header: 'Runs',
      className: 'text-right',
      cell: (m) => <span className="tabular">{m.count}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (m) =>
        superAdmin ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              update.mutate({ id: m.id, status: m.status === 'active' ? 'inactive' : 'active' })
            }
            aria-label={`${m.status === 'active' ? 'Deactivate' : 'Activate'} ${m.name}`}
          >
            <Badge tone={m.status === 'active' ? 'success' : 'neutral'}>{m.status}</Badge>
          </Button>
        ) : (
          <Badge tone={m.status === 'active' ? 'success' : 'neutral'}>{m.status}</Badge>
        ),
    },
    {
      id: 'organizationStatus',
      header: 'Your organization',
      cell: (m) => (
        <Badge tone={m.organizationStatus === 'connected' ? 'info' : 'neutral'}>
          {m.organizationStatus}
        </Badge>
      ),
    },
    ...(superAdmin
      ? [
          actionsColumn<ModelRow>(
            (m) => m.name,
            (m) => [{ label: 'Delete', icon: Trash2, onSelect: () => removal.ask(m) }],
          ),
        ]
      : []),
  ];

  return (
    <ListSection
      title="Models"
      search={{ label: 'Search models' }}
      label="Models"
      list={list}
      result={models}
      columns={columns}
      rowKey={(m) => m.id}
      rowLabel={(m) => m.name}
      icon={Cpu}
      noun="models"
      empty={{ title: 'No model matches', description: 'Try another name.' }}
    >
      <ConfirmDialog
        {...removal.dialog}
        title={`Delete ${removal.target?.name ?? 'model'}?`}
        description="It disappears from every organization’s model pickers."
        confirmLabel="Delete"
      />
    </ListSection>
  );
}
