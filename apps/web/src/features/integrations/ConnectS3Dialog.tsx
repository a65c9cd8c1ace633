import { emptyAwsForm, validateAwsForm } from './forms';
import { toast } from '../../lib/toast';
import { useFormDialog } from '../../lib/use-form-dialog';
import { FormDialog, SwitchField, TextField } from '../../ui';
import { useConnect } from './api';

interface ConnectDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Connect an Amazon S3 (or S3-compatible) bucket; the server checks it by reaching it. */
export function ConnectS3Dialog({ open, onOpenChange }: ConnectDialogProps) {
  const connect = useConnect();
  const { form, field, pending, dialog } = useFormDialog({
    initial: emptyAwsForm,
    validate: validateAwsForm,
    save: (body) => connect.mutateAsync({ provider: 'aws', body }),
    failure: 'Failed to create AWS configuration',
    onSaved: (_, body) =>
      toast({ title: 'Amazon S3 connected', description: body.bucket, variant: 'success' }),
    onClose: () => onOpenChange(false),
  });
  const { values, set } = form;

  return (
    <FormDialog
      open={open}
      title="Connect Amazon S3"
      description="Recordings are stored in your bucket. Parley checks the bucket can be reached before saving."
      submitLabel="Connect"
      {...dialog}
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
          disabled={pending}
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
