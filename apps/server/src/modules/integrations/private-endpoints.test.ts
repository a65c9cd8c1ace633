import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREACHABLE_ENDPOINT_MESSAGE } from '@parley/contracts';
import {
  startAzurite,
  startS3Server,
  type AzureServer,
  type S3Server,
} from '../../test/cloud-servers.js';
import { call, createTestContext, json, signIn, type TestContext } from '../../test/context.js';
import { integrationRowsOf } from '../../test/cloud-stores.js';

/**
 * Issue 21, server-side request forgery: storage endpoints inside the server's network
 * (here s3rver and Azurite on 127.0.0.1) are refused without ALLOW_PRIVATE_ENDPOINTS=true, and
 * the answer is the same as for a closed port or the cloud metadata address.
 */
let ctx: TestContext;
let s3: S3Server;
let azure: AzureServer;
let poc: string;
let acmeId: string;

beforeAll(async () => {
  [ctx, s3, azure] = await Promise.all([createTestContext(), startS3Server(), startAzurite()]);
  const p = await signIn(ctx, 'poc@acme.parley.local');
  poc = p.accessToken;
  acmeId = p.user.organizationId;
});
afterAll(async () => {
  await Promise.all([ctx?.close(), s3?.close(), azure?.close()]);
});

const refused = { statusCode: 400, error: 'Bad Request', message: UNREACHABLE_ENDPOINT_MESSAGE };
const saved = () => integrationRowsOf(ctx, acmeId);

describe('storage endpoints inside the network', () => {
  it('S3: refused with one message whether the port is open, closed or the metadata address', async () => {
    const open = new URL(s3.endpoint);
    for (const endpoint of [
      s3.endpoint,
      `http://localhost:${open.port}`,
      'http://127.0.0.1:9',
      'http://169.254.169.254',
      'http://[::1]:9000',
    ]) {
      const res = await call(ctx, 'POST', '/configuration/aws', {
        token: poc,
        payload: {
          bucket: s3.bucket,
          region: s3.region,
          endpoint,
          accessKeyId: s3.accessKeyId,
          secretAccessKey: s3.secretAccessKey,
        },
      });
      expect(json(res), endpoint).toEqual(refused);
    }
    expect(await saved()).toEqual([]);
  });

  it('Azure: refused for a connection string or an endpoint naming a local address', async () => {
    const byConnectionString = await call(ctx, 'POST', '/azure/configuration', {
      token: poc,
      payload: { connectionString: azure.connectionString, container: 'media' },
    });
    expect(json(byConnectionString)).toEqual(refused);
    for (const endpoint of [azure.endpoint, 'http://127.0.0.1:9/devstoreaccount1']) {
      const res = await call(ctx, 'POST', '/azure/configuration', {
        token: poc,
        payload: {
          accountName: azure.accountName,
          accountKey: azure.accountKey,
          endpoint,
          container: 'media',
        },
      });
      expect(json(res), endpoint).toEqual(refused);
    }
    expect(await saved()).toEqual([]);
  });
});
