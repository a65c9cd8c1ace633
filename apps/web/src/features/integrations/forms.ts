import {
  awsConfigBody,
  azureConfigBody,
  INTEGRATION_MESSAGES,
  type AwsConfigBody,
  type AzureConfigBody,
} from '@parley/contracts';
import {
  collect,
  fromParse,
  optional,
  type FieldErrors,
  type Validated,
} from '../../lib/validation';

export const AWS_FIELDS = [
  'bucket',
  'region',
  'endpoint',
  'accessKeyId',
  'secretAccessKey',
] as const;
export type AwsField = (typeof AWS_FIELDS)[number];
export interface AwsFormValues extends Record<AwsField, string> {
  forcePathStyle: boolean;
}
export const emptyAwsForm: AwsFormValues = {
  bucket: '',
  region: '',
  endpoint: '',
  accessKeyId: '',
  secretAccessKey: '',
  forcePathStyle: true,
};

/** The S3 connect form: the contract's rules, an empty endpoint meaning Amazon S3 itself. */
export function validateAwsForm(v: AwsFormValues): Validated<AwsField, AwsConfigBody> {
  const endpoint = optional(v.endpoint);
  const parsed = awsConfigBody.safeParse({
    bucket: v.bucket,
    region: v.region,
    endpoint,
    // Path style only matters for S3-compatible servers.
    forcePathStyle: endpoint ? v.forcePathStyle : undefined,
    accessKeyId: v.accessKeyId,
    secretAccessKey: v.secretAccessKey,
  });
  return fromParse(parsed, AWS_FIELDS);
}

export const AZURE_FIELDS = [
  'container',
  'connectionString',
  'accountName',
  'accountKey',
  'endpoint',
] as const;
export type AzureField = (typeof AZURE_FIELDS)[number];
export type AzureAuth = 'connectionString' | 'accountKey';
export interface AzureFormValues extends Record<AzureField, string> {
  auth: AzureAuth;
}
export const emptyAzureForm: AzureFormValues = {
  auth: 'connectionString',
  container: '',
  connectionString: '',
  accountName: '',
  accountKey: '',
  endpoint: '',
};

/** The Azure connect form: a container plus a connection string, or account name and key. */
export function validateAzureForm(v: AzureFormValues): Validated<AzureField, AzureConfigBody> {
  const errors: FieldErrors<AzureField> = {};
  const byString = v.auth === 'connectionString';
  if (byString && !v.connectionString.trim())
    errors.connectionString = 'Please enter the connection string';
  if (!byString && !v.accountName.trim()) errors.accountName = 'Please enter the account name';
  if (!byString && !v.accountKey.trim()) errors.accountKey = 'Please enter the account key';
  const parsed = azureConfigBody.safeParse(
    byString
      ? { container: v.container, connectionString: optional(v.connectionString) }
      : {
          container: v.container,
          accountName: optional(v.accountName),
          accountKey: optional(v.accountKey),
          endpoint: optional(v.endpoint),
        },
  );
  if (!parsed.success) {
    const found = collect(parsed.error.issues, AZURE_FIELDS);
    // The whole-form credentials rule is already said field by field above.
    if (found.form === INTEGRATION_MESSAGES.azureCredentials && Object.keys(errors).length > 0)
      delete found.form;
    Object.assign(errors, { ...found, ...errors });
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}
