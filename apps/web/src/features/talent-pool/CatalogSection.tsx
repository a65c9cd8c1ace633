import { useState, type FormEvent } from 'react';
import { Building2, Plus, Power, Trash2 } from 'lucide-react';
import { MOCK_LEVELS, type TalentCompany, type TalentRole } from '@parley/contracts';
import { failureMessage } from '../../lib/api';
import { formatDate } from '../../lib/datetime';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import {
  actionsColumn,
  Badge,
  Button,
  DataTable,
  DeleteDialog,
  EmptyState,
  FormError,
  Pagination,
  SearchInput,
  Section,
  SelectField,
  TextField,
  type DataColumn,
} from '../../ui';
import { useCatalogAdmin, useCompanyQuery, useRoleQuery } from './api';

type Entry = TalentCompany | (TalentRole & { questionCounts?: TalentRole['questionCounts'] });
const PAGE_SIZE = 10;
const STATUS_OPTIONS = [
  { value: 'all', label: 'Any status' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/**
 * One of the talent pool's lists the super admin keeps (companies or roles): search, filter by
 * status (sent as `status`), add, switch active/inactive, delete.
 */
export function CatalogSection({ kind }: { kind: 'company' | 'role' }) {
  const noun = kind === 'company' ? 'company' : 'role';
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('all');
  const [page, setPage] = useState(0);
  const query = {
    page,
    size: PAGE_SIZE,
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(status === 'all' ? {} : { status: status as 'active' | 'inactive' }),
  };
  const companies = useCompanyQuery(query);
  const roles = useRoleQuery(query);
  const list = kind === 'company' ? companies : roles;
  const { create, update, remove } = useCatalogAdmin(kind);
  const [name, setName] = useState('');
  const removal = useConfirmedAction(async (e: Entry) => remove.mutateAsync(e.id));

  const add = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) create.mutate({ name: name.trim() }, { onSuccess: () => setName('') });
  };

  const columns: DataColumn<Entry>[] = [
    {
      id: 'name',
      header: kind === 'company' ? 'Company' : 'Role',
      cell: (e) => <span className="font-medium text-fg">{e.name}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (e) => (
        <Badge tone={e.status === 'active' ? 'success' : 'neutral'}>
          {e.status === 'active' ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
    ...(kind === 'role'
      ? [
          {
            id: 'bank',
            header: 'Questions (easy / medium / hard)',
            cell: (e: Entry) =>
              'questionCounts' in e && e.questionCounts ? (
                <span className="tabular-nums text-muted">
                  {MOCK_LEVELS.map((l) => e.questionCounts?.[l] ?? 0).join(' / ')}
                </span>
              ) : null,
          },
        ]
      : []),
    {
      id: 'createdAt',
      header: 'Added',
      cell: (e) => <span className="tabular-nums text-muted">{formatDate(e.createdAt)}</span>,
    },
    actionsColumn<Entry>(
      (e) => e.name,
      (e) => [
        {
          label: e.status === 'active' ? 'Make inactive' : 'Make active',
          icon: Power,
          onSelect: () =>
            update.mutate({
              id: e.id,
              body: { status: e.status === 'active' ? 'inactive' : 'active' },
            }),
        },
        { label: 'Delete', icon: Trash2, destructive: true, onSelect: () => removal.ask(e) },
      ],
    ),
  ];

  return (
    <Section
      title={kind === 'company' ? 'Companies' : 'Roles'}
      description={
        kind === 'company'
          ? 'Offered on the mock interview form while active.'
          : 'Offered while active; each seeded role has its own question bank, other roles use general questions.'
      }
    >
      <form onSubmit={add} className="flex flex-wrap items-end gap-2">
        <TextField
          label={`New ${noun}`}
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
          className="w-64"
        />
        <Button type="submit" disabled={!name.trim()} loading={create.isPending}>
          <Plus className="size-4" aria-hidden /> Add {noun}
        </Button>
      </form>
      <FormError
        message={
          create.isError ? failureMessage(create.error, `The ${noun} could not be added`) : null
        }
      />
      <div className="flex flex-wrap items-end gap-2">
        <SearchInput
          label={`Search ${noun === 'company' ? 'companies' : 'roles'}`}
          value={search}
          onValueChange={(v) => {
            setSearch(v);
            setPage(0);
          }}
        />
        <SelectField
          label="Status"
          hideLabel
          value={status}
          onValueChange={(v) => {
            setStatus(v);
            setPage(0);
          }}
          options={STATUS_OPTIONS}
          className="w-40"
        />
      </div>
      <DataTable
        label={kind === 'company' ? 'Companies' : 'Roles'}
        columns={columns}
        rows={list.data?.data ?? []}
        rowKey={(e) => e.id}
        rowLabel={(e) => e.name}
        loading={list.isPending}
        renderCard={(e) => (
          <div className="flex items-center justify-between gap-2">
            <span className="truncate font-medium text-fg">{e.name}</span>
            <Badge tone={e.status === 'active' ? 'success' : 'neutral'}>
              {e.status === 'active' ? 'Active' : 'Inactive'}
            </Badge>
          </div>
        )}
        empty={
          <EmptyState
            icon={Building2}
            title={`No ${noun === 'company' ? 'companies' : 'roles'} match`}
            description="Add one above, or change the search."
          />
        }
      />
      <Pagination
        pageIndex={page}
        pageSize={PAGE_SIZE}
        count={list.data?.count ?? 0}
        onPageChange={setPage}
      />
      <DeleteDialog
        action={removal}
        name={(e) => e.name}
        noun={noun}
        description={
          kind === 'role'
            ? 'Its question bank is deleted with it. Interviews already set up keep their questions.'
            : 'Interviews already set up keep it.'
        }
      />
    </Section>
  );
}
