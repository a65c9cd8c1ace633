import { useState } from 'react';
import { failureMessage } from '../../lib/api';
import { emptyAwsForm, validateAwsForm, type AwsField } from './forms';
import { toast } from '../../lib/toast';
import { useFormFields } from '../../lib/use-form-fields';
import { FormDialog, SwitchField, TextField } from '../../ui';
import { useConnect } from './api';

interface ConnectDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Connect an Amazon S3 (or S3-compatible) bucket; the server checks it by reaching it. */
export function ConnectS3Dialog({ open, onOpenChange }: ConnectDialogProps) {
  const form = useFormFields(emptyAwsForm, validateAwsForm);
  const connect = useConnect();
  const [serverError, setServerError] = useState<string | null>(null);
  const { values, set } = form;

  const field = (name: AwsField) => ({
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
      { provider: 'aws', body },
      {
        onSuccess: () => {
          toast({ title: 'Amazon S3 connected', description: body.bucket, variant: 'success' });
          close();
        },
        onError: (e) => setServerError(failureMessage(e, 'Failed to create AWS configuration')),
      },
    );
  };

  return (
    <FormDialog
      open={open}
      title="Connect Amazon S3"
      description="Recordings are stored in your bucket. Parley checks the bucket can be reached before saving."
      pending={connect.isPending}
      valid={form.valid}
      error={serverError}
      submitLabel="Connect"
      onSubmit={submit}
      onClose={close}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Bucket" placeholder="acme-recordings" {...field('bucket')} />
        <TextField label="Region" placeholder="eu-west-1" {...field('region')} />
      </div>
      <TextField
        label="Endpoint (optional)"
        placeholder="https://minio.example.com"
        hint="Only for S3-compatible servers such as MinIO; leave empty for Amazon S3."
        inputMode="url"
        {...field('endpoint')}
      />
      {values.endpoint.trim() ? (
        <SwitchField
          label="Path-style addressing"
          description="Address the bucket as endpoint/bucket; most S3-compatible servers need this."
          checked={values.forcePathStyle}
          onCheckedChange={(on) => set('forcePathStyle', on)}
          disabled={connect.isPending}
        />
      ) : null}
      <TextField
        label="Access key ID"
        autoComplete="off"
        spellCheck={false}
        {...field('accessKeyId')}
      />
      <TextField
        label="Secret access key"
        type="password"
        autoComplete="new-password"
        {...field('secretAccessKey')}
      />
    </FormDialog>
  );
}
