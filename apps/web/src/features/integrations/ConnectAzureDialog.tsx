import { useState } from 'react';
import { failureMessage } from '../../lib/api';
import { emptyAzureForm, validateAzureForm, type AzureAuth, type AzureField } from './forms';
import { toast } from '../../lib/toast';
import { useFormFields } from '../../lib/use-form-fields';
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
  const form = useFormFields(emptyAzureForm, validateAzureForm);
  const connect = useConnect();
  const [serverError, setServerError] = useState<string | null>(null);
  const { values, set } = form;
  const byString = values.auth === 'connectionString';

  const field = (name: AzureField) => ({
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(name, e.target.value),
    onBlur: form.blur(name),
    error: form.error(name),
    disabled: connect.isPending,
  });

  const close = () => {
    form.reset();
    setServerError(null);
    onOpenChange(false);
  };

  const submit = () => {
    const body = form.attempt();
    if (!body) return;
    setServerError(null);
    connect.mutate(
      { provider: 'azure', body },
      {
        onSuccess: () => {
          toast({ title: 'Azure Blob connected', description: body.container, variant: 'success' });
          close();
        },
        onError: (e) => setServerError(failureMessage(e, 'Error creating Azure configuration')),
      },
    );
  };

  return (
    <FormDialog
      open={open}
      title="Connect Azure Blob"
      description="Recordings are stored in your container. Parley checks the container can be reached before saving."
      pending={connect.isPending}
      valid={form.valid}
      error={serverError ?? form.error('form')}
      submitLabel="Connect"
      onSubmit={submit}
      onClose={close}
    >
      <TextField label="Container" placeholder="recordings" {...field('container')} />
      <SelectField
        label="Sign in with"
        value={values.auth}
        onValueChange={(v) => set('auth', v as AzureAuth)}
        options={AUTH_OPTIONS}
        disabled={connect.isPending}
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
