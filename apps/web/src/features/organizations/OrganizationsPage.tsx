import { useState } from 'react';
import { Link } from 'react-router';
import { Building, Plus } from 'lucide-react';
import type { OrganizationRecord } from '@parley/contracts';
import { formatCount, formatNumber } from '../../lib/format';
import { formatDate } from '../../lib/datetime';
import { useListState } from '../../lib/use-list-state';
import {
  actionsColumn,
  Badge,
  Button,
  type DataColumn,
  ListTable,
  PageHeader,
  RowActions,
  SearchInput,
  editAndDelete,
} from '../../ui';
import { useOrganizations } from './api';
import {
  DeleteOrganizationDialog,
  InviteOrganizationDialog,
  RenameOrganizationDialog,
} from './OrganizationDialogs';

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
  const list = useListState();
  const orgs = useOrganizations(list.query);
  const [inviting, setInviting] = useState(false);
  const [renaming, setRenaming] = useState<OrganizationRecord | null>(null);
  const [deleting, setDeleting] = useState<OrganizationRecord | null>(null);

  const actionsOf = (o: OrganizationRecord) => editAndDelete(o, setRenaming, setDeleting);
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
    actionsColumn((o) => o.name, actionsOf),
  ];

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Organization Management"
        description="Every organization on Parley: invite one, open its dashboard, rename or delete it."
        actions={
          <Button onClick={() => setInviting(true)}>
            <Plus aria-hidden /> Invite organization
          </Button>
        }
      />
      <SearchInput
        label="Search organizations"
        placeholder="Search by name or contact e-mail"
        {...list.searchBox}
        className="w-full max-w-sm"
      />
      <ListTable
        label="Organizations"
        list={list}
        result={orgs}
        columns={columns}
        rowKey={(o) => o.id}
        rowLabel={(o) => o.name}
        icon={Building}
        noun="organizations"
        empty={{
          title: 'No organizations yet',
          noMatch: 'No organization matches',
          description: list.narrowed
            ? 'Try another name or e-mail address.'
            : 'Invite one: it starts on the free plan and its point of contact gets a sign-in link.',
        }}
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
                {formatCount(o.usersCount, 'user')} · {o.planName ?? 'No plan'}
              </span>
            </div>
            <RowActions label={o.name} items={actionsOf(o)} />
          </div>
        )}
      />
      <InviteOrganizationDialog open={inviting} onOpenChange={setInviting} />
      <RenameOrganizationDialog
        key={`rename-${renaming?.id ?? 'none'}`}
        organization={renaming}
        onClose={() => setRenaming(null)}
      />
      <DeleteOrganizationDialog
        key={`delete-${deleting?.id ?? 'none'}`}
        organization={deleting}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
