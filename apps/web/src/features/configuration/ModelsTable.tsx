import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Cpu, Trash2 } from 'lucide-react';
import { aiProviderRoutes, type ModelRow } from '@parley/contracts';
import { api } from '../../lib/api';
import { useAuth } from '../../lib/auth-store';
import { toast } from '../../lib/toast';
import { integrationKeys, useModelPage } from '../integrations';
import {
  Badge,
  Button,
  ConfirmDialog,
  type DataColumn,
  DataTable,
  EmptyState,
  LoadError,
  SearchInput,
} from '../../ui';

const PAGE_SIZE = 10;
const price = (n: number | null) => (n === null ? '—' : `$${n}`);

/** Spec 3 §7 Models: the catalogue, what the organisation can use, and how often each ran. */
export function ModelsTable() {
  const superAdmin = useAuth().user?.role === 'superadmin';
  const client = useQueryClient();
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [removing, setRemoving] = useState<ModelRow | null>(null);
  const query = { page, size: PAGE_SIZE, ...(search.trim() ? { search: search.trim() } : {}) };
  const models = useModelPage(query);
  const refresh = () => client.invalidateQueries({ queryKey: integrationKeys.models });
  const update = useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'active' | 'inactive' }) =>
      api(aiProviderRoutes.updateModel, { params: { id }, body: { status } }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => api(aiProviderRoutes.deleteModel, { params: { id } }),
    onSettled: refresh,
  });

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
      cell: (m) => <span className="tabular">{m.contextTokens?.toLocaleString() ?? '—'}</span>,
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
      header: 'Your organisation',
      cell: (m) => (
        <Badge tone={m.organizationStatus === 'connected' ? 'info' : 'neutral'}>
          {m.organizationStatus}
        </Badge>
      ),
    },
    ...(superAdmin
      ? [
          {
            id: 'actions',
            header: 'Actions',
            hideHeader: true,
            className: 'w-12 text-right',
            cell: (m: ModelRow) => (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete ${m.name}`}
                onClick={() => setRemoving(m)}
              >
                <Trash2 className="size-4" aria-hidden />
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <section aria-labelledby="models-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="models-heading" className="text-lg font-semibold text-fg">
          Models
        </h2>
        <SearchInput
          label="Search models"
          placeholder="Search models"
          value={search}
          onChange={(text) => {
            setSearch(text);
            setPage(0);
          }}
        />
      </div>
      {models.isError ? (
        <LoadError icon={Cpu} what="The models" onRetry={() => void models.refetch()} />
      ) : (
        <DataTable
          label="Models"
          columns={columns}
          rows={models.data?.data ?? []}
          rowKey={(m) => m.id}
          rowLabel={(m) => m.name}
          loading={models.isLoading}
          refreshing={models.isFetching && !models.isLoading}
          empty={<EmptyState icon={Cpu} title="No model matches" description="Try another name." />}
          pagination={{
            pageIndex: page,
            pageSize: PAGE_SIZE,
            count: models.data?.count ?? 0,
            onPageChange: setPage,
            noun: 'models',
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={`Delete ${removing?.name ?? 'model'}?`}
        description="It disappears from every organisation’s model pickers."
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
