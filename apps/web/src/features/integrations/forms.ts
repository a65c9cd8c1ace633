import {
  awsConfigBody,
  azureConfigBody,
  createFromLinkBody,
  createFromStorageBody,
  INTEGRATION_MESSAGES,
  type AwsConfigBody,
  type AzureConfigBody,
  type meetingRoutes,
  type RouteBody,
  type StorageProvider,
} from '@parley/contracts';

import type { MeetingStage } from '../meetings/model';

type StorageImportBody = RouteBody<typeof meetingRoutes.createFromStorage>;
type MeetingLinkBody = RouteBody<typeof meetingRoutes.createFromLink>;

/** A form's inline messages, one per field; `form` holds a message about the whole form. */
export type FieldErrors<K extends string> = Partial<Record<K | 'form', string>>;

export type Validated<K extends string, B> =
  { ok: true; body: B } | { ok: false; errors: FieldErrors<K> };

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

function collect<K extends string>(issues: readonly Issue[], fields: readonly K[]) {
  const errors: FieldErrors<K> = {};
  for (const issue of issues) {
    const head = issue.path[0];
    const key = fields.find((f) => f === head) ?? 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

const optional = (value: string) => (value.trim() ? value.trim() : undefined);

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
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: collect(parsed.error.issues, AWS_FIELDS) };
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

export const STORAGE_IMPORT_FIELDS = ['provider', 'key', 'title'] as const;
export type StorageImportField = (typeof STORAGE_IMPORT_FIELDS)[number];
export interface StorageImportValues {
  provider: StorageProvider | '';
  key: string;
  title: string;
  stage: MeetingStage;
}

/** "From storage": a connected store and the object key (or blob name) of a recording. */
export function validateStorageImport(
  v: StorageImportValues,
): Validated<StorageImportField, StorageImportBody> {
  const errors: FieldErrors<StorageImportField> = {};
  if (!v.provider) errors.provider = 'Please choose a connected storage';
  const key = v.key.trim().replace(/^\/+/, '');
  if (!key) errors.key = 'Please enter the object key or blob name';
  else if (key.endsWith('/')) errors.key = 'The key names a folder; enter the path of a file';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = createFromStorageBody.safeParse({
    provider: v.provider,
    key,
    stage: v.stage,
    title: optional(v.title),
  });
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: collect(parsed.error.issues, STORAGE_IMPORT_FIELDS) };
}

export const MEETING_LINK_FIELDS = ['meetingLink', 'meetingName'] as const;
export type MeetingLinkField = (typeof MEETING_LINK_FIELDS)[number];
export type MeetingLinkValues = Record<MeetingLinkField, string>;

/** "Meeting link": an http(s) URL and a name. */
export function validateMeetingLink(
  v: MeetingLinkValues,
): Validated<MeetingLinkField, MeetingLinkBody> {
  const errors: FieldErrors<MeetingLinkField> = {};
  const link = v.meetingLink.trim();
  if (!link) errors.meetingLink = 'Please enter the meeting link';
  else if (!/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(link) || !URL.canParse(link))
    errors.meetingLink = 'Please enter a valid link, e.g. https://zoom.us/j/123456789';
  if (!v.meetingName.trim()) errors.meetingName = 'Please enter the meeting name';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = createFromLinkBody.safeParse({
    meetingLink: link,
    meetingName: v.meetingName.trim(),
  });
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: collect(parsed.error.issues, MEETING_LINK_FIELDS) };
}
