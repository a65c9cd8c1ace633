import { Plus, ShieldCheck } from 'lucide-react';
import {
  CUSTOM_ROLE_BASES,
  GRANTABLE_PERMISSIONS,
  PERMISSION_LABELS,
  ROLE_NAMES,
  type CustomRole,
  type DefaultRole,
  type Permission,
} from '@parley/contracts';
import { useAuth, useCan } from '../../lib/auth-store';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { useEditor } from '../../lib/use-editor';
import { useFormDialog } from '../../lib/use-form-dialog';
import {
  actionsColumn,
  Badge,
  Button,
  CheckboxList,
  DeleteDialog,
  type DataColumn,
  DataTable,
  EmptyState,
  FormDialog,
  LoadError,
  Section,
  SelectField,
  TextField,
  editAndDelete,
} from '../../ui';
import { useCreateRole, useDeleteRole, useRoles, useUpdateRole } from './api';
import { nameColumn, usersCountColumn } from './columns';
import { validateRole, type RoleValues } from './model';

function Permissions({ permissions }: { permissions: readonly Permission[] }) {
  if (!permissions.length) return <span className="text-subtle">No permissions</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {permissions.map((p) => (
        <Badge key={p} tone="neutral">
          {p}
        </Badge>
      ))}
    </span>
  );
}

/** A custom role's name, kind of account and permissions (`role` null creates). */
function RoleDialog(props: { organizationId: string; role: CustomRole | null; onClose(): void }) {
  const { organizationId, role, onClose } = props;
  const held = useAuth().user?.permissions ?? [];
  const create = useCreateRole();
  const update = useUpdateRole();
  const initial: RoleValues = {
    name: role?.name ?? '',
    baseRole: role?.baseRole ?? 'user',
    permissions: role?.permissions ?? ['meetings.read'],
  };
  const { form, field, dialog } = useFormDialog({
    initial,
    validate: validateRole,
    save: (body) =>
      role
        ? update.mutateAsync({ id: role.id, body })
        : create.mutateAsync({ ...body, organizationId }),
    failure: role ? 'The role could not be saved' : 'The role could not be created',
    onClose,
  });
  return (
    <FormDialog
      open
      title={role ? `Edit ${role.name}` : 'New role'}
      description="A custom role is a set of permissions; every role also keeps its own profile, settings and activity. Its holders’ next request uses it."
      submitLabel={role ? 'Save' : 'Create role'}
      {...dialog}
    >
      <TextField label="Role name" autoFocus maxLength={100} {...field('name')} />
      <SelectField
        label="Kind of account"
        value={form.values.baseRole}
        onValueChange={(v) => form.set('baseRole', v as RoleValues['baseRole'])}
        options={CUSTOM_ROLE_BASES.map((r) => ({ value: r, label: ROLE_NAMES[r] }))}
      />
      <CheckboxList
        legend="Permissions"
        options={GRANTABLE_PERMISSIONS.map((p) => ({
          value: p,
          label: (
            <span>
              <span className="font-medium">{p}</span>
              <span className="text-muted"> — {PERMISSION_LABELS[p]}</span>
            </span>
          ),
          // Nobody grants what they do not hold (the server refuses it too).
          disabled: !held.includes(p),
        }))}
        value={form.values.permissions}
        onChange={(permissions) => form.set('permissions', permissions)}
        disabled={dialog.pending}
      />
    </FormDialog>
  );
}

/** Default roles (read-only) and the organisation's custom roles. */
export function RolesTab({ organizationId }: { organizationId: string }) {
  const canManage = useCan('roles.manage');
  const roles = useRoles(organizationId);
  const editor = useEditor<CustomRole>();
  const remove = useDeleteRole();
  const removal = useConfirmedAction((r: CustomRole) => remove.mutateAsync(r.id));

  const defaults: DataColumn<DefaultRole>[] = [
    {
      id: 'name',
      header: 'Role',
      cell: (r) => <span className="font-medium whitespace-nowrap text-fg">{r.name}</span>,
    },
    {
      id: 'permissions',
      header: 'Permissions',
      cell: (r) => <Permissions permissions={r.permissions} />,
    },
  ];
  const custom: DataColumn<CustomRole>[] = [
    nameColumn('Role'),
    { id: 'base', header: 'Kind of account', cell: (r) => ROLE_NAMES[r.baseRole] },
    {
      id: 'permissions',
      header: 'Permissions',
      cell: (r) => <Permissions permissions={r.permissions} />,
    },
    usersCountColumn(),
    ...(canManage
      ? [
          actionsColumn<CustomRole>(
            (r) => r.name,
            (r) => editAndDelete(r, editor.edit, removal.ask),
          ),
        ]
      : []),
  ];

  if (roles.isError)
    return <LoadError icon={ShieldCheck} what="The roles" onRetry={() => void roles.refetch()} />;
  return (
    <div className="flex flex-col gap-6">
      <Section
        title="Custom roles"
        description="Roles of your own, built from permissions."
        actions={
          canManage ? (
            <Button onClick={editor.add}>
              <Plus aria-hidden /> New role
            </Button>
          ) : null
        }
      >
        <DataTable
          label="Custom roles"
          columns={custom}
          rows={roles.data?.data ?? []}
          rowKey={(r) => r.id}
          rowLabel={(r) => r.name}
          loading={roles.isLoading}
          empty={
            <EmptyState
              icon={ShieldCheck}
              title="No custom roles yet"
              description="Create one to give people exactly the permissions they need."
            />
          }
        />
      </Section>
      <Section
        title="Default roles"
        description="The same in every organization; they cannot be changed or deleted."
      >
        <DataTable
          label="Default roles"
          columns={defaults}
          rows={roles.data?.defaultRoles ?? []}
          rowKey={(r) => r.role}
          rowLabel={(r) => r.name}
          loading={roles.isLoading}
        />
      </Section>
      {editor.open ? (
        <RoleDialog
          key={editor.key}
          organizationId={organizationId}
          role={editor.target}
          onClose={editor.close}
        />
      ) : null}
      <DeleteDialog
        action={removal}
        name={(r) => r.name}
        noun="role"
        description="A role somebody holds cannot be deleted: give them another role first."
      />
    </div>
  );
}
