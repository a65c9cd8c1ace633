import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BlobServiceClient } from '@azure/storage-blob';
import { startAzurite, startS3Server, type AzureServer, type S3Server } from './cloud-servers.js';
import { eq } from 'drizzle-orm';
import { integrationConfigs } from '../platform/db/schema.js';
import { call, signIn, type TestContext } from './context.js';

/**
 * One s3rver and one Azurite per test file (each file has its own copy of this module),
 * started on first use and connected to organisations through the integrations API, the
 * way a poc would. Call stopCloudServers() in the file's afterAll.
 */

export const AZURE_CONTAINER = 'media';

let s3: Promise<S3Server> | undefined;
let azure: Promise<AzureServer> | undefined;

export const sharedS3 = () => (s3 ??= startS3Server());

export const sharedAzurite = () =>
  (azure ??= startAzurite().then(async (server) => {
    await BlobServiceClient.fromConnectionString(server.connectionString)
      .getContainerClient(AZURE_CONTAINER)
      .create();
    return server;
  }));

export async function stopCloudServers(): Promise<void> {
  const started = [s3, azure];
  s3 = azure = undefined;
  await Promise.all(started.map(async (p) => (await p?.catch(() => undefined))?.close()));
}

/** Connects the shared S3 or Azure server for the organisation whose poc is `pocEmail`. */
export async function connectCloud(
  ctx: TestContext,
  provider: 'aws' | 'azure',
  pocEmail = 'poc@acme.parley.local',
): Promise<void> {
  const token = (await signIn(ctx, pocEmail)).accessToken;
  let res;
  if (provider === 'aws') {
    const s = await sharedS3();
    res = await call(ctx, 'POST', '/configuration/aws', {
      token,
      payload: {
        bucket: s.bucket,
        region: s.region,
        endpoint: s.endpoint,
        forcePathStyle: true,
        accessKeyId: s.accessKeyId,
        secretAccessKey: s.secretAccessKey,
      },
    });
  } else {
    const a = await sharedAzurite();
    res = await call(ctx, 'POST', '/azure/configuration', {
      token,
      payload: { container: AZURE_CONTAINER, connectionString: a.connectionString },
    });
  }
  if (res.statusCode !== 200) throw new Error(`connect ${provider} ${res.statusCode}: ${res.body}`);
}

/** An entry of the upload tests' STORES: connects the cloud in setup, reads back with its SDK. */
export const cloudStore = (name: string, provider: 'aws' | 'azure') => ({
  name,
  provider,
  setup: (ctx: TestContext) => connectCloud(ctx, provider),
  read: (_ctx: unknown, key: string) => readCloudObject(provider, key),
});

/** An object as the cloud server holds it, read with the vendor's SDK, not the app's driver. */
export async function readCloudObject(provider: 'aws' | 'azure', key: string): Promise<Buffer> {
  if (provider === 'aws') {
    const s = await sharedS3();
    const client = new S3Client({
      region: s.region,
      endpoint: s.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    });
    try {
      const res = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: key }));
      return Buffer.from((await res.Body?.transformToByteArray()) ?? []);
    } finally {
      client.destroy();
    }
  }
  return azureBlob(await sharedAzurite(), key).downloadToBuffer();
}

/** The block blob `key` in the shared container, for Azure-specific checks. */
export function azureBlob(server: AzureServer, key: string) {
  return BlobServiceClient.fromConnectionString(server.connectionString)
    .getContainerClient(AZURE_CONTAINER)
    .getBlockBlobClient(key);
}

/** The organisation's stored integration records (storage and AI), as the database has them. */
export const integrationRowsOf = (ctx: TestContext, organizationId: string) =>
  ctx.database.db
    .select()
    .from(integrationConfigs)
    .where(eq(integrationConfigs.organizationId, organizationId));
