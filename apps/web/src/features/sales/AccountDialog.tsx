import type { SalesAccount } from '@parley/contracts';
import { useFormDialog } from '../../lib/use-form-dialog';
import { FormDialog, TextField } from '../../ui';
import { useSalesChanges } from './api';
import { validateAccount } from './model';

/** Create an account or change one (`account` null creates). */
export function AccountDialog({
  account,
  onClose,
}: {
  account: SalesAccount | null;
  onClose(): void;
}) {
  const { createAccount, updateAccount } = useSalesChanges();
  const { field, dialog } = useFormDialog({
    initial: { name: account?.name ?? '', domain: account?.domain ?? '' },
    validate: validateAccount,
    save: (body) =>
      account
        ? updateAccount.mutateAsync({
            id: account.id,
            body: { name: body.name, domain: body.domain ?? null },
          })
        : createAccount.mutateAsync({ name: body.name, domain: body.domain ?? null }),
    failure: account ? 'The account could not be saved' : 'The account could not be created',
    onClose,
  });
  return (
    <FormDialog
      open
      title={account ? `Edit ${account.name}` : 'New account'}
      description="The company a deal is with."
      submitLabel={account ? 'Save' : 'Create account'}
      {...dialog}
    >
      <TextField
        label="Name"
        autoFocus
        maxLength={200}
        data-testid="account-name"
        {...field('name')}
      />
      <TextField
        label="Domain (optional)"
        placeholder="acme.com"
        maxLength={253}
        {...field('domain')}
      />
    </FormDialog>
  );
}
