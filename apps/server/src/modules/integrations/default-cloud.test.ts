import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { INTEGRATION_MESSAGES, type SessionUser } from '@parley/contracts';
import { integrationConfigs } from '../../platform/db/schema.js';
import { createEndpointGuard } from '../../platform/net/endpoint-guard.js';
import { createSecretBox } from '../../platform/secrets.js';
import { isCloudStore } from '../../platform/storage/cloud.js';
import { createLocalStore } from '../../platform/storage/local.js';
import type { ObjectStore } from '../../platform/storage/types.js';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { azure, s3, useCloudServers } from '../../test/cloud-servers.js';
import { call, json, LOCAL_STAND_INS, signIn, signUp, expectRefusal } from '../../test/context.js';
import { createIntegrationConfigs } from './configs.js';
import { createIntegrationsRepo } from './repo.js';
import { createIntegrationsService, type IntegrationsService } from './service.js';

let poc: string;
let acmeId: string;
let service: IntegrationsService;
const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'parley-media-'));
const local = createLocalStore(mediaDir);
// s3rver and Azurite listen on 127.0.0.1, as with ALLOW_PRIVATE_ENDPOINTS=true.
const endpoints = createEndpointGuard({ allowPrivate: true });

useCloudServers();
useTestApp(
  async ({ as }) => {
    const p = await as('poc');
    poc = p.accessToken;
    acmeId = p.user.organizationId;
    // A second instance on the same database, as another API process would be.
    service = createIntegrationsService({
      repo: createIntegrationsRepo(ctx.database.db, createIntegrationConfigs(ctx.database.db)),
      secrets: createSecretBox(ctx.config.appSecret),
      localStore: () => local,
      endpoints,
    });
  },
  { env: LOCAL_STAND_INS },
);
afterAll(async () => {
  service?.close();
  await endpoints.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

/** The s3rver bucket as a configuration body; read when called (the server starts first). */
const s3Config = () => ({
  bucket: s3.bucket,
  region: s3.region,
  endpoint: s3.endpoint,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
});
const connectS3 = (token: string) =>
  call(ctx, 'POST', '/configuration/aws', { token, payload: s3Config() });
const connectAzure = (token: string) =>
  call(ctx, 'POST', '/azure/configuration', {
    token,
    payload: { connectionString: azure.connectionString, container: 'media' },
  });
const defaultCloud = async (token: string) =>
  json(await call(ctx, 'GET', '/integration/cloud/default', { token }));

async function text(store: ObjectStore, key: string): Promise<string> {
  let out = '';
  for await (const chunk of (await store.get(key)) as Readable) out += String(chunk);
  return out;
}

describe('default cloud', () => {
  it('is local until a connected cloud is chosen, and refuses one that is not connected', async () => {
    expect(await defaultCloud(poc)).toEqual({ provider: 'local', available: ['local'] });
    const res = await call(ctx, 'POST', '/integration/cloud/default', {
      token: poc,
      payload: { provider: 'aws' },
    });
    expectRefusal(res, 400, INTEGRATION_MESSAGES.notConnected('aws'));
    expect(json(res).message).toBe(
      'Amazon S3 is not connected; connect it before making it the default',
    );
    const bad = await call(ctx, 'POST', '/integration/cloud/default', { token: poc, payload: {} });
    expect(bad.statusCode).toBe(400);
  });

  it('switches between connected clouds (POST {provider} or the spec’s PATCH {cloudProvider})', async () => {
    expect((await connectS3(poc)).statusCode).toBe(200);
    expect((await connectAzure(poc)).statusCode).toBe(200);
    const aws = await call(ctx, 'POST', '/integration/cloud/default', {
      token: poc,
      payload: { provider: 'aws' },
    });
    expect(json(aws)).toEqual({ provider: 'aws', available: ['local', 'aws', 'azure'] });
    const me = json<SessionUser>(await call(ctx, 'GET', '/auth/me', { token: poc }));
    expect(me.organization.defaultCloud).toBe('aws');
    const list = json<{ provider: string; isDefault: boolean }[]>(
      await call(ctx, 'GET', '/configuration/all', { token: poc }),
    );
    expect(list.map((c) => [c.provider, c.isDefault])).toEqual([
      ['aws', true],
      ['azure', false],
    ]);
    const azureDefault = await call(ctx, 'PATCH', '/integration/cloud/default', {
      token: poc,
      payload: { cloudProvider: 'azure' },
    });
    expect(json(azureDefault)).toMatchObject({ provider: 'azure' });
    // Every member may see where media goes.
    const user = (await signIn(ctx, 'user@acme.parley.local')).accessToken;
    expect(await defaultCloud(user)).toMatchObject({ provider: 'azure' });
  });
});

describe('storeFor', () => {
  it('hands out the default cloud, or the one asked for, as working stores', async () => {
    const byDefault = await service.storeFor(acmeId);
    expect(byDefault.provider).toBe('azure');
    await byDefault.put(`${acmeId}/hello.txt`, Buffer.from('from azure'));
    expect(await text(byDefault, `${acmeId}/hello.txt`)).toBe('from azure');

    const aws = await service.storeFor(acmeId, 'aws');
    expect(aws.provider).toBe('aws');
    expect(isCloudStore(aws)).toBe(true);
    await aws.put(`${acmeId}/hello.txt`, Buffer.from('from s3'));
    expect(await text(aws, `${acmeId}/hello.txt`)).toBe('from s3');
    // One client per organisation and cloud while the configuration stays the same.
    expect(await service.storeFor(acmeId, 'aws')).toBe(aws);
    expect(await service.storeFor(acmeId, 'local')).toBe(local);
  });

  it('builds a new client after the configuration changes', async () => {
    const before = await service.storeFor(acmeId, 'aws');
    const res = await call(ctx, 'PATCH', '/configuration/aws', {
      token: poc,
      payload: { region: 'eu-west-1' },
    });
    expect(res.statusCode).toBe(200);
    const after = await service.storeFor(acmeId, 'aws');
    expect(after).not.toBe(before);
    expect(await text(after, `${acmeId}/hello.txt`)).toBe('from s3');
  });

  it('refuses a cloud the organisation has not connected', async () => {
    const other = await signUp(ctx, 'poc@elsewhere.example', { organizationName: 'Elsewhere' });
    const orgId = other.user.organizationId;
    const byDefault = await service.storeFor(orgId);
    expect(byDefault).toBe(local);
    await byDefault.put(`${orgId}/note.txt`, Buffer.from('kept locally'));
    expect(await text(byDefault, `${orgId}/note.txt`)).toBe('kept locally');
    await expect(service.storeFor(orgId, 'aws')).rejects.toMatchObject({
      statusCode: 404,
      message: 'AWS Integration not found',
    });
    await expect(service.storeFor(orgId, 'azure')).rejects.toMatchObject({
      message: 'Azure Integration not found',
    });
  });

  it('answers 409 when the saved credentials no longer open, e.g. after APP_SECRET changed', async () => {
    const other = createIntegrationsService({
      repo: createIntegrationsRepo(ctx.database.db, createIntegrationConfigs(ctx.database.db)),
      secrets: createSecretBox('a-different-app-secret-a-different-app-secret'),
      localStore: () => local,
      endpoints,
    });
    await expect(other.storeFor(acmeId, 'aws')).rejects.toMatchObject({
      statusCode: 409,
      message: INTEGRATION_MESSAGES.unreadable('aws'),
    });
  });

  it('takes complete new credentials when the saved ones cannot be opened', async () => {
    const foreign = createSecretBox('a-different-app-secret-a-different-app-secret');
    await ctx.database.db
      .update(integrationConfigs)
      .set({ secretSealed: foreign.seal({ accessKeyId: 'x', secretAccessKey: 'y' }) })
      .where(eq(integrationConfigs.organizationId, acmeId));
    const partial = await call(ctx, 'PATCH', '/configuration/aws', {
      token: poc,
      payload: { region: 'us-east-1' },
    });
    expectRefusal(partial, 409, INTEGRATION_MESSAGES.unreadable('aws'));
    const full = await call(ctx, 'PATCH', '/configuration/aws', {
      token: poc,
      payload: s3Config(),
    });
    expect(full.statusCode).toBe(200);
    expect(await text(await service.storeFor(acmeId, 'aws'), `${acmeId}/hello.txt`)).toBe(
      'from s3',
    );
  });

  it('goes back to local storage when the default cloud is disconnected', async () => {
    const res = await call(ctx, 'DELETE', '/azure/configuration', { token: poc });
    expect(res.statusCode).toBe(200);
    expect(await defaultCloud(poc)).toEqual({ provider: 'local', available: ['local', 'aws'] });
    expect(await service.storeFor(acmeId)).toBe(local);
    const rows = await ctx.database.db
      .select({ provider: integrationConfigs.provider })
      .from(integrationConfigs)
      .where(eq(integrationConfigs.organizationId, acmeId));
    expect(rows).toEqual([{ provider: 'aws' }]);
  });
});
