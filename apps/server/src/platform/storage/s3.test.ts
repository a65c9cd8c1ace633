import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../test/cloud-servers.js';
import { objectStoreSuite } from '../../test/object-store-suite.js';
import type { CloudStore } from './cloud.js';
import { checkS3Bucket, createS3Store, type S3StoreOptions } from './s3.js';

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
  store = createS3Store(options);
});
afterAll(async () => {
  store?.close();
  await server?.close();
});

describe('S3 object store (s3rver)', () => {
  objectStoreSuite(() => store);

  it('checks that a bucket can be reached, with reasons when it cannot', async () => {
    expect(await checkS3Bucket(options)).toBeNull();
    expect(await checkS3Bucket({ ...options, bucket: 'no-such-bucket' })).toBe(
      "the bucket 'no-such-bucket' does not exist",
    );
    const closed = await checkS3Bucket({ ...options, endpoint: 'http://127.0.0.1:9' });
    expect(closed).toBe('could not connect to 127.0.0.1:9 (ECONNREFUSED)');
  });
});
