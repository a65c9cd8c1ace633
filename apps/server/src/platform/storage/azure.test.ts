import { BlobServiceClient } from '@azure/storage-blob';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAzurite, type AzureServer } from '../../test/cloud-servers.js';
import { objectStoreSuite } from '../../test/object-store-suite.js';
import { UNREACHABLE_ENDPOINT_MESSAGE } from '@parley/contracts';
import { createEndpointGuard } from '../net/endpoint-guard.js';
import { checkAzureContainer, createAzureStore } from './azure.js';
import type { CloudStore } from './cloud.js';

// Azurite listens on 127.0.0.1: private addresses allowed (ALLOW_PRIVATE_ENDPOINTS=true).
const open = createEndpointGuard({ allowPrivate: true });
const strict = createEndpointGuard({ allowPrivate: false });

let server: AzureServer;
let byConnectionString: CloudStore;
let byAccountKey: CloudStore;

beforeAll(async () => {
  server = await startAzurite();
  const service = BlobServiceClient.fromConnectionString(server.connectionString);
  await service.getContainerClient('media').create();
  byConnectionString = createAzureStore(
    {
      connectionString: server.connectionString,
      container: 'media',
    },
    open.agents(),
  );
  byAccountKey = createAzureStore(
    {
      accountName: server.accountName,
      accountKey: server.accountKey,
      endpoint: server.endpoint,
      container: 'media',
    },
    open.agents(),
  );
});
afterAll(async () => {
  byConnectionString?.close();
  byAccountKey?.close();
  await Promise.all([open.close(), strict.close()]);
  await server?.close();
});

describe('Azure Blob object store (Azurite)', () => {
  describe('with a connection string', () => objectStoreSuite(() => byConnectionString, 'org-cs'));
  describe('with an account name and key', () => objectStoreSuite(() => byAccountKey, 'org-key'));

  it('checks that a container can be reached, with reasons when it cannot', async () => {
    const ok = { connectionString: server.connectionString, container: 'media' };
    expect(await checkAzureContainer(ok, open.agents())).toBeNull();
    expect(await checkAzureContainer({ ...ok, container: 'missing' }, open.agents())).toBe(
      "the container 'missing' does not exist",
    );
    const wrongKey = Buffer.alloc(64, 1).toString('base64');
    expect(
      await checkAzureContainer(
        {
          accountName: server.accountName,
          accountKey: wrongKey,
          endpoint: server.endpoint,
          container: 'media',
        },
        open.agents(),
      ),
    ).toBe('access denied; check the account name and key');
    expect(
      await checkAzureContainer(
        { connectionString: 'nonsense', container: 'media' },
        open.agents(),
      ),
    ).toBe('the connection string or account key is not valid');
    const closed = await checkAzureContainer(
      {
        accountName: server.accountName,
        accountKey: server.accountKey,
        endpoint: 'http://127.0.0.1:9/devstoreaccount1',
        container: 'media',
      },
      open.agents(),
    );
    expect(closed).toBe(UNREACHABLE_ENDPOINT_MESSAGE);
  });

  it('refuses Azurite on loopback without ALLOW_PRIVATE_ENDPOINTS, with the same message', async () => {
    const ok = { connectionString: server.connectionString, container: 'media' };
    expect(await checkAzureContainer(ok, strict.agents())).toBe(UNREACHABLE_ENDPOINT_MESSAGE);
    const store = createAzureStore(ok, strict.agents());
    await expect(store.put('x.txt', Buffer.from('x'))).rejects.toMatchObject({
      code: 'EBLOCKEDENDPOINT',
    });
    store.close();
  });
});
