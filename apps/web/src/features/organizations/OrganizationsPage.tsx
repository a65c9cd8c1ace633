import { useState } from 'react';
import { Link } from 'react-router';
import { Building, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import type { OrganizationRecord } from '@parley/contracts';
import { formatDate, formatNumber } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced';
import {
  ActionMenu,
  Badge,
  Button,
  type DataColumn,
  DataTable,
  EmptyState,
  Input,
  PageHeader,
} from '../../ui';
import { useOrganizations } from './api';
import {
  DeleteOrganizationDialog,
  InviteOrganizationDialog,
  RenameOrganizationDialog,
} from './OrganizationDialogs';

const PAGE_SIZE = 10;

const contactOf = (o: OrganizationRecord) =>
  o.pointOfContact ? (
    <span className="flex min-w-0 flex-col">
      <span className="truncate text-fg">
        {`${o.pointOfContact.firstName} ${o.pointOfContact.lastName}`.trim()}
      </span>
      <span className="truncate text-xs text-muted">{o.pointOfContact.email}</span>
    </span>
  ) : (
    <span className="text-subtle">No point of contact</span>
  );

/** /organization-management (super admin): every organisation, searched and paged. */
export default function OrganizationsPage() {
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [inviting, setInviting] = useState(false);
  const [renaming, setRenaming] = useState<OrganizationRecord | null>(null);
  const [deleting, setDeleting] = useState<OrganizationRecord | null>(null);
  const term = useDebouncedValue(search.trim());
  const orgs = useOrganizations({ page, size: PAGE_SIZE, ...(term ? { search: term } : {}) });

  const actions = (o: OrganizationRecord) => (
    <ActionMenu
      label={`Actions for ${o.name}`}
      items={[
        { label: 'Edit', icon: Pencil, onSelect: () => setRenaming(o) },
        { label: 'Delete', icon: Trash2, destructive: true, onSelect: () => setDeleting(o) },
      ]}
    />
  );
  const columns: DataColumn<OrganizationRecord>[] = [
    {
      id: 'name',
      header: 'Organization',
      cell: (o) => (
        <Link
          to={`/organization-management/${o.id}`}
          className="font-medium text-fg hover:text-accent-text hover:underline"
        >
          {o.name}
        </Link>
      ),
    },
    { id: 'contact', header: 'Point of contact', cell: contactOf },
    {
      id: 'users',
      header: 'Users',
      className: 'text-right',
      cell: (o) => <span className="tabular">{formatNumber(o.usersCount)}</span>,
    },
    {
      id: 'plan',
      header: 'Plan',
      cell: (o) =>
        o.planName ? (
          <Badge tone="info">{o.planName}</Badge>
        ) : (
          <Badge tone="neutral">No plan</Badge>
        ),
    },
    {
      id: 'createdAt',
      header: 'Created',
      cell: (o) => <span className="tabular text-muted">{formatDate(o.createdAt)}</span>,
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      className: 'w-12 text-right',
      cell: actions,
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Organization Management"
        description="Every organisation on Parley: invite one, open its dashboard, rename or delete it."
        actions={
          <Button onClick={() => setInviting(true)}>
            <Plus aria-hidden /> Invite organization
          </Button>
        }
      />
      <label className="relative w-full max-w-sm">
        <span className="sr-only">Search organizations</span>
        <Search
          className="pointer-events-none absolute top-2.5 left-3 size-4 text-subtle"
          aria-hidden
        />
        <Input
          type="search"
          value={search}
          placeholder="Search by name or contact e-mail"
          className="pl-9"
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
        />
      </label>
      <DataTable
        label="Organizations"
        columns={columns}
        rows={orgs.data?.data ?? []}
        rowKey={(o) => o.id}
        rowLabel={(o) => o.name}
        loading={orgs.isLoading}
        refreshing={orgs.isFetching && !orgs.isLoading}
        empty={
          term ? (
            <EmptyState
              icon={Building}
              title="No organization matches"
              description="Try another name or e-mail address."
            />
          ) : (
            <EmptyState
              icon={Building}
              title="No organizations yet"
              description="Invite one: it starts on the free plan and its point of contact gets a sign-in link."
            />
          )
        }
        renderCard={(o) => (
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 flex-col gap-1">
              <Link to={`/organization-management/${o.id}`} className="font-medium text-fg">
                {o.name}
              </Link>
              <span className="truncate text-xs text-muted">
                {o.pointOfContact?.email ?? 'No point of contact'}
              </span>
              <span className="text-xs text-subtle">
                {formatNumber(o.usersCount)} users · {o.planName ?? 'No plan'}
              </span>
            </div>
            {actions(o)}
          </div>
        )}
        pagination={{
          pageIndex: page,
          pageSize: PAGE_SIZE,
          count: orgs.data?.count ?? 0,
          onPageChange: setPage,
          noun: 'organizations',
        }}
      />
      <InviteOrganizationDialog open={inviting} onOpenChange={setInviting} />
      <RenameOrganizationDialog organization={renaming} onClose={() => setRenaming(null)} />
      <DeleteOrganizationDialog organization={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
