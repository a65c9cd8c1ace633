import { emptyAzureForm, validateAzureForm, type AzureAuth } from './forms';
import { toast } from '../../lib/toast';
import { useFormDialog } from '../../lib/use-form-dialog';
import { FormDialog, SelectField, TextField } from '../../ui';
import { useConnect } from './api';

const AUTH_OPTIONS: { value: AzureAuth; label: string }[] = [
  { value: 'connectionString', label: 'Connection string' },
  { value: 'accountKey', label: 'Account name and key' },
];

interface ConnectDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Connect an Azure Blob container; the server checks it by reaching it. */
export function ConnectAzureDialog({ open, onOpenChange }: ConnectDialogProps) {
  const connect = useConnect();
  const { form, field, pending, dialog } = useFormDialog({
    initial: emptyAzureForm,
    validate: validateAzureForm,
    save: (body) => connect.mutateAsync({ provider: 'azure', body }),
    failure: 'Error creating Azure configuration',
    onSaved: (_, body) =>
      toast({ title: 'Azure Blob connected', description: body.container, variant: 'success' }),
    onClose: () => onOpenChange(false),
  });
  const { values, set } = form;
  const byString = values.auth === 'connectionString';

  return (
    <FormDialog
      open={open}
      title="Connect Azure Blob"
      description="Recordings are stored in your container. Parley checks the container can be reached before saving."
      submitLabel="Connect"
      {...dialog}
    >
      <TextField label="Container" placeholder="recordings" {...field('container')} />
      <SelectField
        label="Sign in with"
        value={values.auth}
        onValueChange={(v) => set('auth', v as AzureAuth)}
        options={AUTH_OPTIONS}
        disabled={pending}
      />
      {byString ? (
        <TextField
          label="Connection string"
          type="password"
          autoComplete="new-password"
          placeholder="DefaultEndpointsProtocol=https;AccountName=…"
          {...field('connectionString')}
        />
      ) : (
        <>
          <TextField
            label="Account name"
            autoComplete="off"
            spellCheck={false}
            {...field('accountName')}
          />
          <TextField
            label="Account key"
            type="password"
            autoComplete="new-password"
            {...field('accountKey')}
          />
          <TextField
            label="Endpoint (optional)"
            placeholder="https://acme.blob.core.windows.net"
            hint="Leave empty for the account’s usual address."
            inputMode="url"
            {...field('endpoint')}
          />
        </>
      )}
    </FormDialog>
  );
}
