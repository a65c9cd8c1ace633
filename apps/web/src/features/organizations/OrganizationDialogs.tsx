import { useState } from 'react';
import {
  ORGANIZATION_MESSAGES as M,
  inviteOrganizationBody,
  updateOrganizationBody,
  type OrganizationRecord,
} from '@parley/contracts';
import { failureMessage } from '../../lib/api';
import { FormDialog, TextField } from '../../ui';
import { useDeleteOrganization, useInviteOrganization, useRenameOrganization } from './api';

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The first message of a schema for one field, once the person has left it. */
const issueOf = (
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) => (result.success ? undefined : result.error?.issues.find((i) => i.path[0] === field)?.message);

/** Invite an organisation: it is created on the free plan and its contact gets a sign-in link. */
export function InviteOrganizationDialog({ open, onOpenChange }: DialogProps) {
  const invite = useInviteOrganization();
  const [organizationName, setName] = useState('');
  const [emailId, setEmail] = useState('');
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const parsed = inviteOrganizationBody.safeParse({ organizationName, emailId });
  const shown = (field: string) => (left.has(field) ? issueOf(parsed, field) : undefined);
  const close = () => {
    setName('');
    setEmail('');
    setLeft(new Set());
    setError(null);
    onOpenChange(false);
  };
  return (
    <FormDialog
      open={open}
      title="Invite organization"
      description="The organisation starts on the free plan. Its point of contact receives an e-mail with a link to sign in."
      pending={invite.isPending}
      valid={parsed.success}
      error={error}
      submitLabel="Send invitation"
      onClose={close}
      onSubmit={() => {
        if (!parsed.success) return;
        setError(null);
        invite.mutate(parsed.data, {
          onSuccess: close,
          onError: (e) => setError(failureMessage(e, 'The invitation could not be sent')),
        });
      }}
    >
      <TextField
        label="Organization name"
        value={organizationName}
        autoFocus
        onChange={(e) => setName(e.target.value)}
        onBlur={() => setLeft((s) => new Set(s).add('organizationName'))}
        error={shown('organizationName')}
        disabled={invite.isPending}
      />
      <TextField
        label="Point of contact e-mail"
        type="email"
        value={emailId}
        onChange={(e) => setEmail(e.target.value)}
        onBlur={() => setLeft((s) => new Set(s).add('emailId'))}
        error={shown('emailId')}
        disabled={invite.isPending}
      />
    </FormDialog>
  );
}

interface OrganizationDialogProps {
  organization: OrganizationRecord | null;
  onClose(): void;
}

export function RenameOrganizationDialog({ organization, onClose }: OrganizationDialogProps) {
  const rename = useRenameOrganization();
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = name ?? organization?.name ?? '';
  const parsed = updateOrganizationBody.safeParse({ name: value });
  const close = () => {
    setName(null);
    setError(null);
    onClose();
  };
  return (
    <FormDialog
      open={organization !== null}
      title="Edit organization"
      description="The name shown to its members and on the super admin’s pages."
      pending={rename.isPending}
      valid={parsed.success && value.trim() !== organization?.name}
      error={error}
      submitLabel="Save"
      onClose={close}
      onSubmit={() => {
        if (!organization || !parsed.success) return;
        rename.mutate(
          { id: organization.id, name: parsed.data.name },
          {
            onSuccess: close,
            onError: (e) => setError(failureMessage(e, M.getFailed)),
          },
        );
      }}
    >
      <TextField
        label="Organization name"
        value={value}
        autoFocus
        onChange={(e) => setName(e.target.value)}
        error={name !== null ? issueOf(parsed, 'name') : undefined}
        disabled={rename.isPending}
      />
    </FormDialog>
  );
}

/** Deleting cannot be undone: the organisation's name is typed again first. */
export function DeleteOrganizationDialog({ organization, onClose }: OrganizationDialogProps) {
  const remove = useDeleteOrganization();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setTyped('');
    setError(null);
    onClose();
  };
  const name = organization?.name ?? '';
  return (
    <FormDialog
      open={organization !== null}
      title={`Delete ${name}?`}
      description={`Its members are signed out at once and cannot sign in again. Its users, meetings, recordings, templates and keys are then removed for good. Type ${name} to confirm.`}
      pending={remove.isPending}
      valid={typed.trim() === name}
      error={error}
      submitLabel="Delete organization"
      onClose={close}
      onSubmit={() => {
        if (!organization) return;
        remove.mutate(
          { id: organization.id, confirmName: typed },
          {
            onSuccess: close,
            onError: (e) => setError(failureMessage(e, M.nameMismatch)),
          },
        );
      }}
    >
      <TextField
        label="Organization name"
        value={typed}
        autoFocus
        autoComplete="off"
        placeholder={name}
        onChange={(e) => setTyped(e.target.value)}
        disabled={remove.isPending}
      />
    </FormDialog>
  );
}
