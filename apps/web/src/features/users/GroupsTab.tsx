import { FolderTree, Pencil, Power, Trash2 } from 'lucide-react';
import type { Group } from '@parley/contracts';
import { useCan } from '../../lib/auth-store';
import { formatDate } from '../../lib/datetime';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { useEditor } from '../../lib/use-editor';
import { useFormDialog } from '../../lib/use-form-dialog';
import { useListState } from '../../lib/use-list-state';
import {
  actionsColumn,
  DeleteDialog,
  type DataColumn,
  FormDialog,
  ListSection,
  TextField,
} from '../../ui';
import { useCreateGroup, useDeleteGroup, useGroupPage, useUpdateGroup } from './api';
import { nameColumn, statusColumn, usersCountColumn } from './columns';
import { validateGroup } from './model';

/** Create or rename a group (`group` null creates). */
function GroupDialog({
  organizationId,
  group,
  open,
  onClose,
}: {
  organizationId: string;
  group: Group | null;
  open: boolean;
  onClose(): void;
}) {
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const { field, dialog } = useFormDialog({
    initial: { name: group?.name ?? '' },
    validate: validateGroup,
    save: (body) =>
      group
        ? update.mutateAsync({ id: group.id, body })
        : create.mutateAsync({ ...body, organizationId }),
    failure: group ? 'The group could not be renamed' : 'The group could not be created',
    onClose,
  });
  return (
    <FormDialog
      open={open}
      title={group ? `Rename ${group.name}` : 'New group'}
      description="Groups gather users; a user can be in several."
      submitLabel={group ? 'Save' : 'Create group'}
      {...dialog}
    >
      <TextField label="Group name" autoFocus maxLength={100} {...field('name')} />
    </FormDialog>
  );
}

/** The organisation's groups: create, rename, deactivate, delete. */
export function GroupsTab({ organizationId }: { organizationId: string }) {
  const canManage = useCan('groups.manage');
  const list = useListState();
  const groups = useGroupPage(organizationId, list.query);
  const editor = useEditor<Group>();
  const update = useUpdateGroup();
  const remove = useDeleteGroup();
  const removal = useConfirmedAction((g: Group) => remove.mutateAsync(g.id));

  const columns: DataColumn<Group>[] = [
    nameColumn('Group'),
    usersCountColumn(),
    statusColumn(),
    {
      id: 'createdAt',
      header: 'Created',
      cell: (g) => <span className="tabular text-muted">{formatDate(g.createdAt)}</span>,
    },
    ...(canManage
      ? [
          actionsColumn<Group>(
            (g) => g.name,
            (g) => [
              { label: 'Rename', icon: Pencil, onSelect: () => editor.edit(g) },
              {
                label: g.status === 'active' ? 'Deactivate' : 'Activate',
                icon: Power,
                onSelect: () =>
                  update.mutate({
                    id: g.id,
                    body: { status: g.status === 'active' ? 'inactive' : 'active' },
                  }),
              },
              { label: 'Delete', icon: Trash2, destructive: true, onSelect: () => removal.ask(g) },
            ],
          ),
        ]
      : []),
  ];

  return (
    <ListSection
      title="Groups"
      add={canManage ? { label: 'New group', onClick: editor.add } : null}
      search={{ label: 'Search groups' }}
      label="Groups"
      list={list}
      result={groups}
      columns={columns}
      rowKey={(g) => g.id}
      rowLabel={(g) => g.name}
      icon={FolderTree}
      noun="groups"
      empty={{
        title: 'No groups yet',
        noMatch: 'No group matches',
        description: 'Create a group to gather users, e.g. a team or a department.',
      }}
    >
      {editor.open ? (
        <GroupDialog
          key={editor.key}
          organizationId={organizationId}
          group={editor.target}
          open
          onClose={editor.close}
        />
      ) : null}
      <DeleteDialog
        action={removal}
        name={(g) => g.name}
        noun="group"
        description="Its members stay; they are no longer in this group."
      />
    </ListSection>
  );
}
