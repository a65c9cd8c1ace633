import { Pencil, Power, Trash2, Users } from 'lucide-react';
import type { ManagedUser } from '@parley/contracts';
import { useAuth, useCan } from '../../lib/auth-store';
import { formatDate } from '../../lib/datetime';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { useEditor } from '../../lib/use-editor';
import { useListState } from '../../lib/use-list-state';
import {
  actionsColumn,
  Badge,
  ConfirmDialog,
  DeleteDialog,
  type DataColumn,
  ListSection,
  NameAndEmail,
  SelectField,
} from '../../ui';
import { useDeleteUser, useOrganizationGroups, useUpdateUser, useUserPage } from './api';
import { statusColumn } from './columns';
import { roleLabel } from './model';
import { UserDialog } from './UserDialog';

const ALL = 'all';
const fullName = (u: ManagedUser) => `${u.firstName} ${u.lastName}`.trim() || u.email;

/** The organisation's users: search, group filter, sort, pages; add, edit, deactivate, delete. */
export function UsersTab({ organizationId }: { organizationId: string }) {
  const me = useAuth().user?.id;
  const canManage = useCan('users.manage');
  const list = useListState({ sort: { id: 'createdAt', desc: true }, filters: { group: ALL } });
  const { group } = list.filters;
  // Spec 3 §5: a group filter is sent even with an empty search.
  const users = useUserPage(organizationId, {
    ...list.query,
    sort: list.order,
    ...(group !== ALL ? { filter: `groupId:eq:${group}` } : {}),
  });
  const groups = useOrganizationGroups(organizationId).data?.data ?? [];
  const editor = useEditor<ManagedUser>();
  const update = useUpdateUser();
  const remove = useDeleteUser();
  const removal = useConfirmedAction((u: ManagedUser) => remove.mutateAsync(u.id));
  const deactivation = useConfirmedAction((u: ManagedUser) =>
    update.mutateAsync({ id: u.id, body: { status: 'inactive' } }),
  );

  const columns: DataColumn<ManagedUser>[] = [
    {
      id: 'firstName',
      header: 'Name',
      sortable: true,
      cell: (u) => <NameAndEmail name={fullName(u)} email={u.email} />,
    },
    {
      id: 'role',
      header: 'Role',
      sortable: true,
      cell: (u) => <Badge tone={u.customRole ? 'accent' : 'neutral'}>{roleLabel(u)}</Badge>,
    },
    {
      id: 'position',
      header: 'Position',
      cell: (u) => <span className="text-muted">{u.position ?? '—'}</span>,
    },
    {
      id: 'groups',
      header: 'Groups',
      cell: (u) => (
        <span className="text-muted">{u.groups.map((g) => g.name).join(', ') || '—'}</span>
      ),
    },
    statusColumn(),
    {
      id: 'createdAt',
      header: 'Added',
      sortable: true,
      descFirst: true,
      cell: (u) => <span className="tabular text-muted">{formatDate(u.createdAt)}</span>,
    },
    ...(canManage
      ? [
          actionsColumn<ManagedUser>(fullName, (u) =>
            // Nobody deactivates or deletes themself.
            [
              { label: 'Edit', icon: Pencil, onSelect: () => editor.edit(u) },
              ...(u.id === me
                ? []
                : [
                    u.status === 'active'
                      ? { label: 'Deactivate', icon: Power, onSelect: () => deactivation.ask(u) }
                      : {
                          label: 'Reactivate',
                          icon: Power,
                          onSelect: () => update.mutate({ id: u.id, body: { status: 'active' } }),
                        },
                    {
                      label: 'Delete',
                      icon: Trash2,
                      destructive: true,
                      onSelect: () => removal.ask(u),
                    },
                  ]),
            ],
          ),
        ]
      : []),
  ];

  return (
    <ListSection
      title="Users"
      add={canManage ? { label: 'Add user', onClick: editor.add } : null}
      search={{ label: 'Search users', placeholder: 'Search name or e-mail' }}
      filters={
        <SelectField
          label="Group"
          labelInside
          value={group}
          onValueChange={(v) => list.setFilter('group', v)}
          options={[
            { value: ALL, label: 'All groups' },
            ...groups.map((g) => ({ value: g.id, label: g.name })),
          ]}
          className="w-56"
        />
      }
      label="Users"
      list={list}
      result={users}
      columns={columns}
      rowKey={(u) => u.id}
      rowLabel={fullName}
      icon={Users}
      noun="users"
      empty={{
        title: 'No users yet',
        noMatch: 'No user matches',
        description: 'Add a user: they receive an e-mail with a link to sign in.',
      }}
    >
      {editor.open ? (
        <UserDialog
          key={editor.key}
          organizationId={organizationId}
          user={editor.target}
          onClose={editor.close}
        />
      ) : null}
      <ConfirmDialog
        {...deactivation.dialog}
        title={`Deactivate ${deactivation.target ? fullName(deactivation.target) : 'user'}?`}
        description="They are signed out at once and cannot sign in until reactivated."
        confirmLabel="Deactivate"
      />
      <DeleteDialog
        action={removal}
        name={fullName}
        noun="user"
        description="Their account is removed. Their meetings stay with the organization."
      />
    </ListSection>
  );
}
