import {
  ORGANIZATION_MESSAGES as M,
  inviteOrganizationBody,
  renameOrganizationBody,
  type OrganizationRecord,
} from '@parley/contracts';
import { useFormDialog } from '../../lib/use-form-dialog';
import { fromParse, type Validated } from '../../lib/validation';
import { FormDialog, TextField } from '../../ui';
import { useDeleteOrganization, useInviteOrganization, useRenameOrganization } from './api';

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

const INVITE = { organizationName: '', emailId: '' };
const validateInvite = (v: typeof INVITE) =>
  fromParse(inviteOrganizationBody.safeParse(v), ['organizationName', 'emailId'] as const);

/** Invite an organisation: it is created on the free plan and its contact gets a sign-in link. */
export function InviteOrganizationDialog({ open, onOpenChange }: DialogProps) {
  const invite = useInviteOrganization();
  const { field, dialog } = useFormDialog({
    initial: INVITE,
    validate: validateInvite,
    save: (body) => invite.mutateAsync(body),
    failure: 'The invitation could not be sent',
    onClose: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      title="Invite organization"
      description="The organization starts on the free plan. Its point of contact receives an e-mail with a link to sign in."
      submitLabel="Send invitation"
      {...dialog}
    >
      <TextField label="Organization name" autoFocus {...field('organizationName')} />
      <TextField label="Point of contact e-mail" type="email" {...field('emailId')} />
    </FormDialog>
  );
}

/** The owner keys these dialogs by the organisation, so their fields start from it. */
interface OrganizationDialogProps {
  organization: OrganizationRecord | null;
  onClose(): void;
}

export function RenameOrganizationDialog({ organization, onClose }: OrganizationDialogProps) {
  const rename = useRenameOrganization();
  const current = organization?.name ?? '';
  const { field, dialog } = useFormDialog({
    initial: { name: current },
    validate: (v): Validated<'name', string> => {
      const result = fromParse(renameOrganizationBody.safeParse(v), ['name'] as const);
      if (!result.ok) return result;
      // Save stays off until the name changes.
      return result.body.name === current
        ? { ok: false, errors: {} }
        : { ok: true, body: result.body.name };
    },
    save: (name) => rename.mutateAsync({ id: organization?.id ?? '', name }),
    failure: M.getFailed,
    onClose,
  });
  return (
    <FormDialog
      open={organization !== null}
      title="Edit organization"
      description="The name shown to its members and on the super admin’s pages."
      submitLabel="Save"
      {...dialog}
    >
      <TextField label="Organization name" autoFocus {...field('name')} />
    </FormDialog>
  );
}

/** Deleting cannot be undone: the organisation's name is typed again first. */
export function DeleteOrganizationDialog({ organization, onClose }: OrganizationDialogProps) {
  const remove = useDeleteOrganization();
  const name = organization?.name ?? '';
  const { field, dialog } = useFormDialog({
    initial: { typed: '' },
    validate: ({ typed }): Validated<'typed', string> =>
      typed.trim() === name ? { ok: true, body: typed } : { ok: false, errors: {} },
    save: (confirmName) => remove.mutateAsync({ id: organization?.id ?? '', confirmName }),
    failure: M.nameMismatch,
    onClose,
  });
  return (
    <FormDialog
      open={organization !== null}
      title={`Delete ${name}?`}
      description={`Its members are signed out at once and cannot sign in again. Its users, meetings, recordings, templates and keys are then removed for good. Type ${name} to confirm.`}
      submitLabel="Delete organization"
      {...dialog}
    >
      <TextField
        label="Organization name"
        autoFocus
        autoComplete="off"
        placeholder={name}
        {...field('typed')}
      />
    </FormDialog>
  );
}
