import { z } from 'zod';
import { defineRoute } from './route.js';
import { storageProviderSchema } from './meetings.js';

/** The cloud stores an organisation can connect (spec 3 §3, §7). */
export const CLOUD_PROVIDERS = ['aws', 'azure'] as const;
export const cloudProviderSchema = z.enum(CLOUD_PROVIDERS);
export type CloudProvider = z.infer<typeof cloudProviderSchema>;

/**
 * The integrations map (spec 3 §3): provider name -> integration id. The ids are stable
 * strings so a configuration's integrationId stays meaningful across installs.
 */
export const INTEGRATIONS = [
  { id: 'amazon-s3', provider: 'aws', providerName: 'Amazon S3', category: 'storage' },
  { id: 'azure-blob', provider: 'azure', providerName: 'Azure Blob', category: 'storage' },
] as const satisfies readonly {
  id: string;
  provider: CloudProvider;
  providerName: string;
  category: 'storage';
}[];

export function integrationFor(provider: CloudProvider) {
  const found = INTEGRATIONS.find((i) => i.provider === provider);
  if (!found) throw new Error(`no integration for ${provider}`);
  return found;
}

export const INTEGRATION_MESSAGES = {
  awsNotFound: 'AWS Integration not found',
  azureNotFound: 'Azure Integration not found',
  s3Unreachable: (reason: string) => `Could not reach the S3 bucket: ${reason}`,
  azureUnreachable: (reason: string) => `Could not reach the Azure container: ${reason}`,
  awsExists: 'AWS is already connected; update or delete its configuration instead',
  azureExists: 'Azure is already connected; update or delete its configuration instead',
  notConnected: (provider: CloudProvider) =>
    `${integrationFor(provider).providerName} is not connected; connect it before making it the default`,
  unreadable: (provider: CloudProvider) =>
    `The saved ${integrationFor(provider).providerName} credentials can no longer be read; please connect it again`,
  awsDeleted: 'AWS configuration deleted',
  azureDeleted: 'Azure configuration deleted',
  azureCredentials: 'Provide a connection string, or an account name and account key',
} as const;

export const integrationSchema = z.object({
  id: z.string(),
  provider: cloudProviderSchema,
  providerName: z.string(),
  category: z.literal('storage'),
});
export const integrationListResponse = z.object({
  data: z.array(integrationSchema),
  /** providerName -> id, the shape the upload dialog reads. */
  map: z.record(z.string(), z.string()),
});

export const configurationStatusSchema = z.enum(['connected', 'disconnected']);

/** A connected integration as shown to members: settings only, never credentials. */
export const integrationConfigurationSchema = z.object({
  id: z.string(),
  provider: cloudProviderSchema,
  integrationId: z.string(),
  providerName: z.string(),
  status: configurationStatusSchema,
  /** Non-secret settings: bucket, region, endpoint, container, account name, a key hint. */
  settings: z.record(z.string(), z.string()),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IntegrationConfiguration = z.infer<typeof integrationConfigurationSchema>;
/** A plain list: an organisation has at most one configuration per provider. */
export const configurationListResponse = z.array(integrationConfigurationSchema);

const httpUrl = z
  .string()
  .trim()
  .url('The endpoint must be an http(s) URL')
  .regex(/^https?:\/\//i, 'The endpoint must be an http(s) URL')
  .max(500);

export const awsConfigBody = z.object({
  bucket: z.string().trim().min(1, 'Please enter the bucket name').max(255),
  region: z.string().trim().min(1, 'Please enter the region').max(64),
  /** S3-compatible servers (MinIO, Ceph, …); omitted for Amazon S3 itself. */
  endpoint: httpUrl.optional(),
  /** Defaults to true with a custom endpoint, where virtual-hosted buckets rarely resolve. */
  forcePathStyle: z.boolean().optional(),
  accessKeyId: z.string().trim().min(1, 'Please enter the access key id').max(256),
  secretAccessKey: z.string().min(1, 'Please enter the secret access key').max(512),
});
export type AwsConfigBody = z.infer<typeof awsConfigBody>;
/**
 * Fields left out keep their saved values, so the secret need not be sent again;
 * endpoint: null goes back to Amazon S3 itself.
 */
export const awsConfigPatchBody = awsConfigBody
  .partial()
  .extend({ endpoint: httpUrl.nullable().optional() });
export type AwsConfigPatchBody = z.infer<typeof awsConfigPatchBody>;
/** Spec 3 §7 also sends organizationId, integrationId and credentials; the session decides those. */
export const awsConnectionBody = z.object({ status: z.literal('connected') });

const containerName = z
  .string()
  .trim()
  .regex(
    /^(?=.{3,63}$)[a-z0-9]+(-[a-z0-9]+)*$/,
    'The container name is 3 to 63 lower-case letters, digits and single hyphens',
  );

const azureFields = {
  container: containerName,
  connectionString: z.string().trim().min(1).max(2000).optional(),
  accountName: z.string().trim().min(1).max(64).optional(),
  accountKey: z.string().trim().min(1).max(512).optional(),
  endpoint: httpUrl.optional(),
};
export const azureConfigBody = z
  .object(azureFields)
  .refine((b) => Boolean(b.connectionString) || Boolean(b.accountName && b.accountKey), {
    message: INTEGRATION_MESSAGES.azureCredentials,
  });
export type AzureConfigBody = z.infer<typeof azureConfigBody>;
/**
 * Fields left out keep their saved values. A connection string replaces an account name and
 * key and the other way round; endpoint: null goes back to the account's default address.
 */
export const azureConfigPatchBody = z.object({
  ...azureFields,
  container: containerName.optional(),
  endpoint: httpUrl.nullable().optional(),
});
export type AzureConfigPatchBody = z.infer<typeof azureConfigPatchBody>;

/** Spec 3 §7 names the field cloudProvider; `provider` is accepted as well. */
export const defaultCloudBody = z
  .object({
    provider: storageProviderSchema.optional(),
    cloudProvider: storageProviderSchema.optional(),
  })
  .refine((b) => b.provider !== undefined || b.cloudProvider !== undefined, {
    message: 'Choose local, aws or azure',
  });
export const defaultCloudResponse = z.object({
  provider: storageProviderSchema,
  /** Stores media can go to now: 'local' plus every connected cloud. */
  available: z.array(storageProviderSchema),
});
export type DefaultCloud = z.infer<typeof defaultCloudResponse>;

const message = z.object({ message: z.string() });
const tags = ['integrations'];

export const integrationRoutes = {
  configurations: defineRoute({
    method: 'GET',
    path: '/configuration/all',
    summary: 'The organisation’s connected integrations (settings only, never credentials)',
    tags,
    auth: true,
    permission: 'meetings.upload',
    response: configurationListResponse,
  }),
  integrations: defineRoute({
    method: 'GET',
    path: '/integration/all',
    summary: 'The integrations map: provider name to integration id',
    tags,
    auth: true,
    permission: 'meetings.upload',
    response: integrationListResponse,
  }),
  createAws: defineRoute({
    method: 'POST',
    path: '/configuration/aws',
    summary: 'Connect an S3 bucket (checked by reaching it)',
    tags,
    auth: true,
    permission: 'integrations.manage',
    body: awsConfigBody,
    response: integrationConfigurationSchema,
  }),
  connectAws: defineRoute({
    method: 'PATCH',
    path: '/configuration/aws/connection',
    summary: 'Mark the S3 configuration connected after checking it again',
    tags,
    auth: true,
    permission: 'integrations.manage',
    body: awsConnectionBody,
    response: integrationConfigurationSchema,
  }),
  updateAws: defineRoute({
    method: 'PATCH',
    path: '/configuration/aws',
    summary: 'Change the S3 configuration (checked by reaching the bucket)',
    tags,
    auth: true,
    permission: 'integrations.manage',
    body: awsConfigPatchBody,
    response: integrationConfigurationSchema,
  }),
  deleteAws: defineRoute({
    method: 'DELETE',
    path: '/configuration/aws',
    summary: 'Disconnect S3 and forget its credentials',
    tags,
    auth: true,
    permission: 'integrations.manage',
    response: message,
  }),
  createAzure: defineRoute({
    method: 'POST',
    path: '/azure/configuration',
    summary: 'Connect an Azure Blob container (checked by reaching it)',
    tags,
    auth: true,
    permission: 'integrations.manage',
    body: azureConfigBody,
    response: integrationConfigurationSchema,
  }),
  updateAzure: defineRoute({
    method: 'PATCH',
    path: '/azure/configuration',
    summary: 'Change the Azure Blob configuration (checked by reaching the container)',
    tags,
    auth: true,
    permission: 'integrations.manage',
    body: azureConfigPatchBody,
    response: integrationConfigurationSchema,
  }),
  deleteAzure: defineRoute({
    method: 'DELETE',
    path: '/azure/configuration',
    summary: 'Disconnect Azure Blob and forget its credentials',
    tags,
    auth: true,
    permission: 'integrations.manage',
    response: message,
  }),
  getDefaultCloud: defineRoute({
    method: 'GET',
    path: '/integration/cloud/default',
    summary: 'Where new media of the organisation is stored',
    tags,
    auth: true,
    permission: 'meetings.upload',
    response: defaultCloudResponse,
  }),
  setDefaultCloud: defineRoute({
    method: 'POST',
    path: '/integration/cloud/default',
    summary: 'Choose where new media is stored (local or a connected cloud)',
    tags,
    auth: true,
    permission: 'integrations.manage',
    body: defaultCloudBody,
    response: defaultCloudResponse,
  }),
  /** The spec's verb for the same call. */
  patchDefaultCloud: defineRoute({
    method: 'PATCH',
    path: '/integration/cloud/default',
    summary: 'Choose where new media is stored (as POST)',
    tags,
    auth: true,
    permission: 'integrations.manage',
    body: defaultCloudBody,
    response: defaultCloudResponse,
  }),
} as const;
