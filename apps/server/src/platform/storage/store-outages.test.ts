import { BlobServiceClient } from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAzurite,
  startS3Server,
  type AzureServer,
  type S3Server,
} from '../../test/cloud-servers.js';
import { startFaultProxy, type FaultProxy } from '../../test/fault-proxy.js';
import { AppError } from '../errors.js';
import { createEndpointGuard } from '../net/endpoint-guard.js';
import { outageOf, StorageUnavailableError } from '../outage.js';
import { createAzureStore } from './azure.js';
import type { CloudStore } from './cloud.js';
import { createS3Store } from './s3.js';

/**
 * Each cloud store's driver behind a fault-injecting proxy: a 5xx or a silent server is an
 * outage (StorageUnavailableError, answered 503 by the API, retried by jobs), and what is not
 * one — an object that is not there — stays what it was.
 */

// The stand-ins listen on 127.0.0.1: private addresses allowed (ALLOW_PRIVATE_ENDPOINTS=true).
const guard = createEndpointGuard({ allowPrivate: true });
/** As the app's stores have them (integrations/credentials.ts): sockets are reused. */
const agents = () => guard.agents({ keepAlive: true, maxSockets: 50 });

let s3: S3Server;
let azurite: AzureServer;
let s3Proxy: FaultProxy;
let azureProxy: FaultProxy;
const stores: Record<'aws' | 'azure', CloudStore> = {} as Record<'aws' | 'azure', CloudStore>;

beforeAll(async () => {
  [s3, azurite] = await Promise.all([startS3Server(), startAzurite()]);
  await BlobServiceClient.fromConnectionString(azurite.connectionString)
    .getContainerClient('media')
    .create();
  [s3Proxy, azureProxy] = await Promise.all([
    startFaultProxy(s3.endpoint),
    startFaultProxy(new URL(azurite.endpoint).origin),
  ]);
  stores.aws = createS3Store(
    {
      bucket: s3.bucket,
      region: s3.region,
      endpoint: s3Proxy.url,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      idleTimeoutMs: 300,
    },
    agents(),
  );
  stores.azure = createAzureStore(
    {
      accountName: azurite.accountName,
      accountKey: azurite.accountKey,
      endpoint: `${azureProxy.url}/${azurite.accountName}`,
      container: 'media',
      // One try: the SDK's back-off between tries is seconds long.
      maxTries: 1,
      idleTimeoutMs: 300,
    },
    agents(),
  );
}, 60_000);
afterAll(async () => {
  for (const store of Object.values(stores)) store.close();
  await Promise.all([s3Proxy?.close(), azureProxy?.close()]);
  await Promise.all([s3?.close(), azurite?.close(), guard.close()]);
});

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('the call succeeded');
    },
    (err: unknown) => err,
  );

describe.each(['aws', 'azure'] as const)('the %s store', (provider) => {
  const proxy = () => (provider === 'aws' ? s3Proxy : azureProxy);
  const key = `org-outages/${provider}/clip.mp4`;

  it('answering 5xx after its retries is an outage; a missing object stays a 404', async () => {
    const store = stores[provider];
    await store.put(key, Buffer.from('recording'));
    for (const status of [500, 503] as const) {
      proxy().fail(Infinity, status);
      const err = await failure(store.info(key));
      proxy().heal();
      expect(err).toBeInstanceOf(StorageUnavailableError);
      expect((err as Error).message).toBe(`the storage answered ${status}`);
      expect(outageOf(err)).toBe('storage');
    }
    expect(await store.info(key)).toEqual(expect.objectContaining({ size: 9 }));
    const missing = await failure(store.get(`org-outages/${provider}/nothing.mp4`));
    expect(missing).toBeInstanceOf(AppError);
    expect(missing).toMatchObject({ statusCode: 404 });
    expect(outageOf(missing)).toBeNull();
  });
});

describe.each([
  ['aws', 3],
  ['azure', 1],
] as const)('the %s store holding a request unanswered', (provider, tries) => {
  it('fails it after the idle limit, for each try, as "did not answer in time"', async () => {
    const proxy = provider === 'aws' ? s3Proxy : azureProxy;
    const key = `org-outages/${provider}/clip.mp4`;
    proxy.hang();
    const started = Date.now();
    const err = await failure(stores[provider].info(key));
    const took = Date.now() - started;
    proxy.heal();
    expect(err).toBeInstanceOf(StorageUnavailableError);
    expect((err as Error).message).toBe('the storage did not answer in time');
    expect(outageOf(err)).toBe('storage');
    // Each try waits out the 300 ms of silence; the SDK's back-off between them is short.
    expect(took).toBeGreaterThanOrEqual(tries * 300 - 50);
    expect(took).toBeLessThan(5000);
    // Once it answers again, so does the store.
    expect(await stores[provider].info(key)).not.toBeNull();
  });
});
