import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../test/cloud-servers.js';
import { objectStoreSuite } from '../../test/object-store-suite.js';
import { UNREACHABLE_ENDPOINT_MESSAGE } from '@parley/contracts';
import { createEndpointGuard } from '../net/endpoint-guard.js';
import type { CloudStore } from './cloud.js';
import { checkS3Bucket, createS3Store, type S3StoreOptions } from './s3.js';

// s3rver listens on 127.0.0.1: private addresses allowed (ALLOW_PRIVATE_ENDPOINTS=true).
const open = createEndpointGuard({ allowPrivate: true });
const strict = createEndpointGuard({ allowPrivate: false });

let server: S3Server;
let store: CloudStore;
let options: S3StoreOptions;

beforeAll(async () => {
  server = await startS3Server();
  options = {
    bucket: server.bucket,
    region: server.region,
    endpoint: server.endpoint,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
  };
  store = createS3Store(options, open.agents());
});
afterAll(async () => {
  store?.close();
  await Promise.all([open.close(), strict.close()]);
  await server?.close();
});

describe('S3 object store (s3rver)', () => {
  objectStoreSuite(() => store);

  it('checks that a bucket can be reached, with reasons when it cannot', async () => {
    expect(await checkS3Bucket(options, open.agents())).toBeNull();
    expect(await checkS3Bucket({ ...options, bucket: 'no-such-bucket' }, open.agents())).toBe(
      "the bucket 'no-such-bucket' does not exist",
    );
    const closed = await checkS3Bucket(
      { ...options, endpoint: 'http://127.0.0.1:9' },
      open.agents(),
    );
    expect(closed).toBe(UNREACHABLE_ENDPOINT_MESSAGE);
  });

  it('refuses s3rver on loopback without ALLOW_PRIVATE_ENDPOINTS, with the same message', async () => {
    expect(await checkS3Bucket(options, strict.agents())).toBe(UNREACHABLE_ENDPOINT_MESSAGE);
    const blocked = createS3Store({ ...options, maxAttempts: 1 }, strict.agents());
    await expect(blocked.put('x.txt', Buffer.from('x'))).rejects.toMatchObject({
      code: 'EBLOCKEDENDPOINT',
    });
    blocked.close();
  });
});
