import { useId } from 'react';
import { reportsToSalesManager, type ManagedUser } from '@parley/contracts';
import { useAuth } from '../../lib/auth-store';
import { toast } from '../../lib/toast';
import { useFormDialog } from '../../lib/use-form-dialog';
import { CheckboxList, FormDialog, SelectField, TextField } from '../../ui';
import {
  useCreateUser,
  useOrganizationGroups,
  usePositions,
  useRoles,
  useSalesManagers,
  useUpdateUser,
} from './api';
import { baseRoleOf, emptyUser, roleOptions, validateUser, valuesOf } from './model';

const NONE = 'none';

/** Add (`user` null: an invitation e-mail goes out) or edit a user of the organisation. */
export function UserDialog(props: {
  organizationId: string;
  user: ManagedUser | null;
  onClose(): void;
}) {
  const { organizationId, user, onClose } = props;
  const held = useAuth().user?.permissions ?? [];
  const custom = useRoles(organizationId).data?.data ?? [];
  const groups = (useOrganizationGroups(organizationId).data?.data ?? []).filter(
    // Only active groups are offered; a user keeps an inactive one they are already in.
    (g) => g.status === 'active' || user?.groups.some((mine) => mine.id === g.id),
  );
  const positions = usePositions(organizationId).data?.data ?? [];
  const managers = useSalesManagers(organizationId).data?.data ?? [];
  const create = useCreateUser();
  const update = useUpdateUser({ inForm: true });
  const positionList = useId();
  const { form, field, dialog } = useFormDialog({
    initial: user ? valuesOf(user) : emptyUser(),
    validate: (v) => validateUser(v, custom),
    save: (body) =>
      user
        ? update.mutateAsync({ id: user.id, body })
        : create.mutateAsync({ ...body, organizationId }),
    failure: user ? 'The user could not be saved' : 'The user could not be added',
    // 'Invitation sent to …' or 'User updated'.
    onSaved: (res) => toast({ title: res.message, variant: 'success' }),
    onClose,
  });
  const v = form.values;
  const isRep = reportsToSalesManager(baseRoleOf(v.role, custom));

  return (
    <FormDialog
      open
      title={user ? `Edit ${user.firstName} ${user.lastName}`.trim() : 'Add user'}
      description={
        user
          ? 'Change their details, role, groups or sales manager.'
          : 'They receive an e-mail with a link to sign in.'
      }
      submitLabel={user ? 'Save' : 'Add user'}
      {...dialog}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoFocus maxLength={100} {...field('firstName')} />
        <TextField label="Last name" maxLength={100} {...field('lastName')} />
      </div>
      <TextField label="E-mail" type="email" {...field('email')} />
      <SelectField
        label="Role"
        value={v.role}
        onValueChange={(r) => form.set('role', r)}
        options={roleOptions(custom, held)}
      />
      <TextField label="Position" list={positionList} maxLength={100} {...field('position')} />
      <datalist id={positionList}>
        {positions.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      {isRep ? (
        <SelectField
          label="Sales manager"
          value={v.salesManagerId || NONE}
          onValueChange={(id) => form.set('salesManagerId', id === NONE ? '' : id)}
          options={[
            { value: NONE, label: 'No sales manager' },
            ...managers.map((m) => ({
              value: m.id,
              label: `${m.firstName} ${m.lastName}`.trim() || m.email,
            })),
          ]}
        />
      ) : null}
      {groups.length ? (
        <CheckboxList
          legend="Groups"
          options={groups.map((g) => ({ value: g.id, label: g.name }))}
          value={v.groupIds}
          onChange={(ids) => form.set('groupIds', ids)}
          disabled={dialog.pending}
        />
      ) : null}
    </FormDialog>
  );
}
