import { z } from 'zod';
import type {
  AwsConfigBody,
  AwsConfigPatchBody,
  AzureConfigBody,
  AzureConfigPatchBody,
  CloudProvider,
} from '@parley/contracts';
import {
  checkAzureContainer,
  createAzureServiceClient,
  createAzureStore,
  type AzureStoreOptions,
} from '../../platform/storage/azure.js';
import type { CloudStore } from '../../platform/storage/cloud.js';
import type { EndpointGuard } from '../../platform/net/endpoint-guard.js';
import { checkS3Bucket, createS3Store, type S3StoreOptions } from '../../platform/storage/s3.js';

/**
 * How each cloud's configuration is split between `settings` (shown to members) and the
 * sealed secret (never shown), put back together, checked and turned into a store.
 */

const awsSecret = z.object({ accessKeyId: z.string(), secretAccessKey: z.string() });
const azureSecret = z.union([
  z.object({ connectionString: z.string() }),
  z.object({ accountKey: z.string() }),
]);

export interface SplitConfig {
  settings: Record<string, string>;
  secret: Record<string, string>;
}

/** The last four characters, enough to tell keys apart without revealing them. */
const hint = (value: string) => `…${value.slice(-4)}`;

export function splitAws(o: S3StoreOptions): SplitConfig {
  return {
    settings: {
      bucket: o.bucket,
      region: o.region,
      ...(o.endpoint ? { endpoint: o.endpoint } : {}),
      forcePathStyle: String(o.forcePathStyle ?? Boolean(o.endpoint)),
      accessKeyHint: hint(o.accessKeyId),
    },
    secret: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
  };
}

export function joinAws(settings: Record<string, string>, secret: unknown): S3StoreOptions {
  const s = awsSecret.parse(secret);
  return {
    bucket: settings.bucket ?? '',
    region: settings.region ?? '',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle === 'true',
    ...s,
  };
}

export function awsFromBody(body: AwsConfigBody): S3StoreOptions {
  return {
    bucket: body.bucket,
    region: body.region,
    ...(body.endpoint ? { endpoint: body.endpoint } : {}),
    ...(body.forcePathStyle !== undefined ? { forcePathStyle: body.forcePathStyle } : {}),
    accessKeyId: body.accessKeyId,
    secretAccessKey: body.secretAccessKey,
  };
}

export function patchAws(current: S3StoreOptions, patch: AwsConfigPatchBody): S3StoreOptions {
  const { endpoint, ...rest } = current;
  const next: S3StoreOptions = {
    ...rest,
    ...(patch.bucket !== undefined ? { bucket: patch.bucket } : {}),
    ...(patch.region !== undefined ? { region: patch.region } : {}),
    ...(patch.accessKeyId !== undefined ? { accessKeyId: patch.accessKeyId } : {}),
    ...(patch.secretAccessKey !== undefined ? { secretAccessKey: patch.secretAccessKey } : {}),
    ...(patch.forcePathStyle !== undefined ? { forcePathStyle: patch.forcePathStyle } : {}),
  };
  const nextEndpoint = patch.endpoint === undefined ? endpoint : (patch.endpoint ?? undefined);
  return nextEndpoint ? { ...next, endpoint: nextEndpoint } : next;
}

export function splitAzure(o: AzureStoreOptions): SplitConfig {
  // The client parses the connection string, which names the account and its endpoint.
  const service = createAzureServiceClient(o);
  const common = { container: o.container, accountName: service.accountName };
  if ('connectionString' in o) {
    return {
      settings: { ...common, auth: 'connectionString', endpoint: service.url.replace(/\/$/, '') },
      secret: { connectionString: o.connectionString },
    };
  }
  return {
    settings: { ...common, auth: 'accountKey', ...(o.endpoint ? { endpoint: o.endpoint } : {}) },
    secret: { accountKey: o.accountKey },
  };
}

export function joinAzure(settings: Record<string, string>, secret: unknown): AzureStoreOptions {
  const s = azureSecret.parse(secret);
  const container = settings.container ?? '';
  if ('connectionString' in s) return { connectionString: s.connectionString, container };
  return {
    accountName: settings.accountName ?? '',
    accountKey: s.accountKey,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    container,
  };
}

export function azureFromBody(body: AzureConfigBody): AzureStoreOptions {
  if (body.connectionString) {
    return { connectionString: body.connectionString, container: body.container };
  }
  return {
    accountName: body.accountName ?? '',
    accountKey: body.accountKey ?? '',
    ...(body.endpoint ? { endpoint: body.endpoint } : {}),
    container: body.container,
  };
}

/** Null when the patch leaves neither a connection string nor an account name and key. */
export function patchAzure(
  current: AzureStoreOptions,
  patch: AzureConfigPatchBody,
): AzureStoreOptions | null {
  const container = patch.container ?? current.container;
  if (patch.connectionString) return { connectionString: patch.connectionString, container };
  if (patch.accountName || patch.accountKey || patch.endpoint !== undefined) {
    const was = 'accountKey' in current ? current : null;
    const accountName = patch.accountName ?? was?.accountName;
    const accountKey = patch.accountKey ?? was?.accountKey;
    if (!accountName || !accountKey) return null;
    const endpoint = patch.endpoint === undefined ? was?.endpoint : (patch.endpoint ?? undefined);
    return { accountName, accountKey, ...(endpoint ? { endpoint } : {}), container };
  }
  return { ...current, container };
}

/** A cloud's store options, tagged with the cloud they are for. */
export type CloudConfig =
  { provider: 'aws'; options: S3StoreOptions } | { provider: 'azure'; options: AzureStoreOptions };

export const splitConfig = (c: CloudConfig): SplitConfig =>
  c.provider === 'aws' ? splitAws(c.options) : splitAzure(c.options);

export function joinConfig(
  provider: CloudProvider,
  settings: Record<string, string>,
  secret: unknown,
): CloudConfig {
  return provider === 'aws'
    ? { provider, options: joinAws(settings, secret) }
    : { provider, options: joinAzure(settings, secret) };
}

/** Null when the store answers, otherwise why not. Fresh agents: sockets end with the check. */
export const checkConfig = (c: CloudConfig, guard: EndpointGuard): Promise<string | null> =>
  c.provider === 'aws'
    ? checkS3Bucket(c.options, guard.agents())
    : checkAzureContainer(c.options, guard.agents());

/** The SDKs' own defaults for their agents (kept alive; the store's close() ends them). */
const STORE_AGENTS = { keepAlive: true, maxSockets: 50 };

/** `idleTimeoutMs`: STORAGE_TIMEOUT_SECONDS (see S3StoreOptions.idleTimeoutMs). */
export const storeFromConfig = (
  c: CloudConfig,
  guard: EndpointGuard,
  idleTimeoutMs?: number,
): CloudStore => {
  const limit = idleTimeoutMs ? { idleTimeoutMs } : {};
  return c.provider === 'aws'
    ? createS3Store({ ...c.options, ...limit }, guard.agents(STORE_AGENTS))
    : createAzureStore({ ...c.options, ...limit }, guard.agents(STORE_AGENTS));
};
