import { describe, expect, it } from 'vitest';
import {
  INTEGRATION_MESSAGES,
  UNREACHABLE_ENDPOINT_MESSAGE,
  type IntegrationConfiguration,
} from '@parley/contracts';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { azure, s3, useCloudServers } from '../../test/cloud-servers.js';
import { call, json, LOCAL_STAND_INS, signUp, expectRefusal } from '../../test/context.js';
import { integrationRowsOf } from '../../test/cloud-stores.js';

let poc: string;
let user: string;
let acmeId: string;

useCloudServers(['media', 'archive']);
useTestApp(
  async ({ as }) => {
    const p = await as('poc');
    poc = p.accessToken;
    acmeId = p.user.organizationId;
    user = (await as('member')).accessToken;
  },
  { env: LOCAL_STAND_INS },
);

const forbidden = {
  statusCode: 403,
  error: 'Forbidden',
  message: 'You are not allowed to perform this operation',
};
const awsBody = () => ({
  bucket: s3.bucket,
  region: s3.region,
  endpoint: s3.endpoint,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
});
const rowsOf = (organizationId: string) => integrationRowsOf(ctx, organizationId);

describe('integrations map', () => {
  it('names Amazon S3 and Azure Blob with their ids, for any member', async () => {
    const res = await call(ctx, 'GET', '/integration/all', { token: user });
    expect(res.statusCode).toBe(200);
    expect(json(res).map).toEqual({ 'Amazon S3': 'amazon-s3', 'Azure Blob': 'azure-blob' });
  });
});

describe('Amazon S3 configuration', () => {
  it('refuses a bucket it cannot reach, saying why', async () => {
    const missing = await call(ctx, 'POST', '/configuration/aws', {
      token: poc,
      payload: { ...awsBody(), bucket: 'no-such-bucket' },
    });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).message).toBe(
      "Could not reach the S3 bucket: the bucket 'no-such-bucket' does not exist",
    );
    const closed = await call(ctx, 'POST', '/configuration/aws', {
      token: poc,
      payload: { ...awsBody(), endpoint: 'http://127.0.0.1:9' },
    });
    expectRefusal(closed, 400, UNREACHABLE_ENDPOINT_MESSAGE);
    expect(await rowsOf(acmeId)).toEqual([]);
  });

  it('connects a reachable bucket and shows it to members without the credentials', async () => {
    const res = await call(ctx, 'POST', '/configuration/aws', { token: poc, payload: awsBody() });
    expect(res.statusCode).toBe(200);
    const created = json<IntegrationConfiguration>(res);
    expect(created).toMatchObject({
      provider: 'aws',
      integrationId: 'amazon-s3',
      providerName: 'Amazon S3',
      status: 'connected',
      isDefault: false,
      settings: {
        bucket: s3.bucket,
        region: s3.region,
        endpoint: s3.endpoint,
        forcePathStyle: 'true',
        accessKeyHint: '…RVER',
      },
    });
    const list = await call(ctx, 'GET', '/configuration/all', { token: user });
    expect(list.statusCode).toBe(200);
    expect(json<IntegrationConfiguration[]>(list).map((c) => c.id)).toEqual([created.id]);
    expect(list.body).not.toContain(s3.secretAccessKey);
    const [row] = await rowsOf(acmeId);
    expect(row?.secretSealed).toMatch(/^v1\./);
    expect(row?.secretSealed).not.toContain(s3.secretAccessKey);
    expect(JSON.stringify(row?.settings)).not.toContain(s3.secretAccessKey);
  });

  it('refuses a second configuration, confirms the connection and applies changes', async () => {
    const again = await call(ctx, 'POST', '/configuration/aws', { token: poc, payload: awsBody() });
    expectRefusal(again, 409, INTEGRATION_MESSAGES.awsExists);
    const connection = await call(ctx, 'PATCH', '/configuration/aws/connection', {
      token: poc,
      // The spec's client also sends these; the session decides the organisation.
      payload: { status: 'connected', organizationId: 'someone-else', integrationId: 'amazon-s3' },
    });
    expect(json(connection)).toMatchObject({ status: 'connected', provider: 'aws' });
    const wrong = await call(ctx, 'PATCH', '/configuration/aws', {
      token: poc,
      payload: { bucket: 'gone-bucket' },
    });
    expect(json(wrong).message).toBe(
      "Could not reach the S3 bucket: the bucket 'gone-bucket' does not exist",
    );
    const region = await call(ctx, 'PATCH', '/configuration/aws', {
      token: poc,
      payload: { region: 'eu-west-1' },
    });
    expect(region.statusCode).toBe(200);
    expect(json<IntegrationConfiguration>(region).settings).toMatchObject({
      bucket: s3.bucket,
      region: 'eu-west-1',
    });
  });
});

describe('Azure Blob configuration', () => {
  it('asks for credentials and refuses a container it cannot reach', async () => {
    const none = await call(ctx, 'POST', '/azure/configuration', {
      token: poc,
      payload: { container: 'media' },
    });
    expectRefusal(none, 400, INTEGRATION_MESSAGES.azureCredentials);
    const missing = await call(ctx, 'POST', '/azure/configuration', {
      token: poc,
      payload: { connectionString: azure.connectionString, container: 'nothing-here' },
    });
    expectRefusal(
      missing,
      400,
      "Could not reach the Azure container: the container 'nothing-here' does not exist",
    );
  });

  it('connects with a connection string, then moves to an account key and another container', async () => {
    const res = await call(ctx, 'POST', '/azure/configuration', {
      token: poc,
      payload: { connectionString: azure.connectionString, container: 'media' },
    });
    expect(res.statusCode).toBe(200);
    expect(json<IntegrationConfiguration>(res)).toMatchObject({
      provider: 'azure',
      integrationId: 'azure-blob',
      settings: { container: 'media', accountName: azure.accountName, auth: 'connectionString' },
    });
    const patched = await call(ctx, 'PATCH', '/azure/configuration', {
      token: poc,
      payload: {
        accountName: azure.accountName,
        accountKey: azure.accountKey,
        endpoint: azure.endpoint,
        container: 'archive',
      },
    });
    expect(json<IntegrationConfiguration>(patched).settings).toEqual({
      container: 'archive',
      accountName: azure.accountName,
      auth: 'accountKey',
      endpoint: azure.endpoint,
    });
    const list = await call(ctx, 'GET', '/configuration/all', { token: user });
    expect(json<IntegrationConfiguration[]>(list).map((c) => c.provider)).toEqual(['aws', 'azure']);
    expect(list.body).not.toContain(azure.accountKey);
    const azureRow = (await rowsOf(acmeId)).find((r) => r.provider === 'azure');
    expect(azureRow?.secretSealed).not.toContain(azure.accountKey);
    expect(azureRow?.secretSealed).not.toContain('AccountKey');
  });
});

describe('permissions and tenancy', () => {
  it('lets a plain user read but not change anything', async () => {
    const changes: [Parameters<typeof call>[1], string, unknown][] = [
      ['POST', '/configuration/aws', awsBody()],
      ['PATCH', '/configuration/aws', { region: 'us-east-1' }],
      ['PATCH', '/configuration/aws/connection', { status: 'connected' }],
      ['DELETE', '/configuration/aws', undefined],
      [
        'POST',
        '/azure/configuration',
        { connectionString: azure.connectionString, container: 'media' },
      ],
      ['PATCH', '/azure/configuration', { container: 'media' }],
      ['DELETE', '/azure/configuration', undefined],
      ['POST', '/integration/cloud/default', { provider: 'aws' }],
      ['PATCH', '/integration/cloud/default', { cloudProvider: 'aws' }],
    ];
    for (const [method, path, payload] of changes) {
      const res = await call(ctx, method, path, { token: user, payload });
      expect([method, path, json(res)]).toEqual([method, path, forbidden]);
    }
    expect(await rowsOf(acmeId)).toHaveLength(2);
  });

  it('keeps each organisation to its own configurations', async () => {
    const other = (await signUp(ctx, 'poc@other.example', { organizationName: 'Other Ltd' }))
      .accessToken;
    const list = await call(ctx, 'GET', '/configuration/all', { token: other });
    expect(json(list)).toEqual([]);
    const del = await call(ctx, 'DELETE', '/configuration/aws', { token: other });
    expectRefusal(del, 404, INTEGRATION_MESSAGES.awsNotFound);
    const delAzure = await call(ctx, 'DELETE', '/azure/configuration', { token: other });
    expectRefusal(delAzure, 404, INTEGRATION_MESSAGES.azureNotFound);
    expect(await rowsOf(acmeId)).toHaveLength(2);
  });

  it('needs a bearer token', async () => {
    expect((await call(ctx, 'GET', '/configuration/all')).statusCode).toBe(401);
    expect((await call(ctx, 'POST', '/configuration/aws', { payload: awsBody() })).statusCode).toBe(
      401,
    );
  });

  it('deletes a configuration for good', async () => {
    const res = await call(ctx, 'DELETE', '/azure/configuration', { token: poc });
    expect(json(res)).toEqual({ message: INTEGRATION_MESSAGES.azureDeleted });
    expect((await rowsOf(acmeId)).map((r) => r.provider)).toEqual(['aws']);
  });
});
