import type { Agent } from 'node:http';
import { Socket } from 'node:net';
import { Readable } from 'node:stream';
import {
  BlobSASPermissions,
  BlobServiceClient,
  RestError,
  type ContainerClient,
  StorageSharedKeyCredential,
  type StoragePipelineOptions,
} from '@azure/storage-blob';
import { azureBlockId } from '@parley/contracts';
import { notFound } from '../errors.js';
import type { NetAgents } from '../net/endpoint-guard.js';
import {
  contentTypeFor,
  DEFAULT_STORE_IDLE_TIMEOUT_MS,
  networkReason,
  reportingOutages,
  type CloudStore,
} from './cloud.js';

export type AzureCredentials =
  | { connectionString: string }
  | {
      accountName: string;
      accountKey: string;
      /** Default https://<account>.blob.core.windows.net */ endpoint?: string;
    };

export type AzureStoreOptions = AzureCredentials & {
  container: string;
  /** Tries per request (SDK default 4); the connection check uses one to answer quickly. */
  maxTries?: number;
  /** Per-try time limit; unset for the store itself, since a large block can take long. */
  tryTimeoutMs?: number;
  /** As S3StoreOptions.idleTimeoutMs. Default DEFAULT_STORE_IDLE_TIMEOUT_MS. */
  idleTimeoutMs?: number;
};

/**
 * `agents`: the endpoint guard's, so the endpoint cannot point inside the network. The SDK's
 * pipeline takes one agent (`agent`, passed through to @azure/core-rest-pipeline, which its
 * options type does not list) for every request, so it must match the endpoint's protocol:
 * the client is built once without it to read the URL a connection string names.
 */
export function createAzureServiceClient(
  opts: AzureStoreOptions,
  agents?: NetAgents,
): BlobServiceClient {
  const build = (agent?: Agent) => {
    const pipeline: StoragePipelineOptions & { agent?: Agent } = {
      retryOptions: {
        maxTries: opts.maxTries ?? 4,
        ...(opts.tryTimeoutMs ? { tryTimeoutInMs: opts.tryTimeoutMs } : {}),
      },
      ...(agent && { agent }),
    };
    if ('connectionString' in opts) {
      return BlobServiceClient.fromConnectionString(opts.connectionString, pipeline);
    }
    const url = opts.endpoint ?? `https://${opts.accountName}.blob.core.windows.net`;
    const credential = new StorageSharedKeyCredential(opts.accountName, opts.accountKey);
    return new BlobServiceClient(url, credential, pipeline);
  };
  const unconnected = build();
  if (!agents) return unconnected;
  return build(new URL(unconnected.url).protocol === 'http:' ? agents.http : agents.https);
}

const statusOf = (err: unknown): number | undefined =>
  err instanceof RestError ? err.statusCode : undefined;

function toReadable(body: NodeJS.ReadableStream | undefined): Readable {
  if (body instanceof Readable) return body;
  if (body) return Readable.from(body);
  throw new Error('Azure answered without a readable body');
}

/**
 * Azure's SDK has no client-side time limit (`tryTimeoutInMs` only asks the service to give up),
 * so a store that takes a request and never answers would hold it for ever. Its sockets get the
 * limit instead: silent for `ms`, a socket is destroyed with ETIMEDOUT, which the SDK's retry
 * policy retries and reportingOutages reports. Sockets idle in the pool just close.
 */
function limitIdle(agents: NetAgents, ms: number): NetAgents {
  for (const agent of [agents.http, agents.https]) {
    const create = agent.createConnection.bind(agent);
    agent.createConnection = (options, callback) => {
      const socket = create(options, callback);
      if (socket instanceof Socket) {
        socket.setTimeout(ms);
        socket.on('timeout', () => {
          const err = new Error(`the storage sent nothing for ${ms} ms`);
          socket.destroy(Object.assign(err, { code: 'ETIMEDOUT' }));
        });
      }
      return socket;
    };
    // Node's agent clears a socket's time limit when it goes back to the pool and sets none
    // when the socket is reused: set it again (this runs after the agent's own 'free').
    agent.on('free', (socket: unknown) => {
      if (socket instanceof Socket) socket.setTimeout(ms);
    });
  }
  return agents;
}

export function createAzureStore(opts: AzureStoreOptions, netAgents: NetAgents): CloudStore {
  const agents = limitIdle(netAgents, opts.idleTimeoutMs ?? DEFAULT_STORE_IDLE_TIMEOUT_MS);
  const service = createAzureServiceClient(opts, agents);
  return reportingOutages(azureStore(service.getContainerClient(opts.container), agents), statusOf);
}

function azureStore(container: ContainerClient, agents: NetAgents): CloudStore {
  const blob = (key: string) => container.getBlockBlobClient(key);
  return {
    provider: 'azure',

    async put(key, body, contentType) {
      const blobHTTPHeaders = { blobContentType: contentType ?? contentTypeFor(key) };
      if (Buffer.isBuffer(body)) {
        await blob(key).uploadData(body, { blobHTTPHeaders });
        return;
      }
      await blob(key).uploadStream(body, 4 * 1024 * 1024, 4, { blobHTTPHeaders });
    },

    async get(key, range) {
      try {
        const res = range
          ? await blob(key).download(range.start, range.end - range.start + 1)
          : await blob(key).download(0);
        return toReadable(res.readableStreamBody);
      } catch (err) {
        if (statusOf(err) === 404) throw notFound();
        throw err;
      }
    },

    async info(key) {
      try {
        const p = await blob(key).getProperties();
        return {
          size: p.contentLength ?? 0,
          ...(p.contentType ? { contentType: p.contentType } : {}),
        };
      } catch (err) {
        if (statusOf(err) === 404) return null;
        throw err;
      }
    },

    async delete(key) {
      await blob(key).deleteIfExists({ deleteSnapshots: 'include' });
    },

    async list(prefix, limit = 1000) {
      const out: { key: string; size: number }[] = [];
      const pages = container
        .listBlobsFlat({ prefix })
        .byPage({ maxPageSize: Math.min(5000, Math.max(1, limit)) });
      for await (const page of pages) {
        for (const item of page.segment.blobItems) {
          if (out.length >= limit) return out;
          out.push({ key: item.name, size: item.properties.contentLength ?? 0 });
        }
        if (out.length >= limit) break;
      }
      return out;
    },

    // Azure keeps staged blocks against the blob name; there is nothing to open first.
    async beginChunked() {
      return null;
    },

    async putChunk(key, _handle, index, body) {
      // Staging a block id again replaces that block, so a resent chunk is harmless.
      const id = azureBlockId(index);
      await blob(key).stageBlock(id, body, body.length);
      return id;
    },

    async completeChunked(key, _handle, parts) {
      await blob(key).commitBlockList(parts, {
        blobHTTPHeaders: { blobContentType: contentTypeFor(key) },
      });
    },

    async abortChunked(key) {
      const b = blob(key);
      // Uncommitted blocks cannot be deleted one by one. Committing an empty list discards
      // them, and deleting the empty blob leaves nothing behind. If a committed blob already
      // lives under this key that would destroy it, so then the blocks are left to Azure,
      // which drops uncommitted blocks after a week.
      if (await b.exists()) return;
      await b.commitBlockList([]);
      await b.deleteIfExists();
    },

    async presignGet(key, expiresSec) {
      const now = Date.now();
      // Needs a shared-key credential (account key or a connection string holding one).
      return blob(key).generateSasUrl({
        permissions: BlobSASPermissions.parse('r'),
        // A few minutes' grace for clocks that run behind the storage service.
        startsOn: new Date(now - 5 * 60_000),
        expiresOn: new Date(now + expiresSec * 1000),
      });
    },

    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

/**
 * Reaches the container with the given credentials. Returns null when it answers, otherwise
 * a reason a person can act on. Never includes the credentials.
 */
export async function checkAzureContainer(
  opts: AzureStoreOptions,
  agents: NetAgents,
): Promise<string | null> {
  let service: BlobServiceClient;
  try {
    service = createAzureServiceClient(
      { ...opts, maxTries: 1, tryTimeoutMs: 10_000 },
      limitIdle(agents, 10_000),
    );
  } catch {
    // The SDK's parse error quotes the connection string; say what is wrong without it.
    return 'the connection string or account key is not valid';
  }
  try {
    await service.getContainerClient(opts.container).getProperties();
    return null;
  } catch (err) {
    const network = networkReason(err);
    if (network) return network;
    const code = err instanceof RestError ? err.code : undefined;
    switch (statusOf(err)) {
      case 404:
        return `the container '${opts.container}' does not exist`;
      case 403:
        return 'access denied; check the account name and key';
      default: {
        const status = statusOf(err);
        return status
          ? `the service answered ${status} (${code ?? 'error'})`
          : (code ?? 'unknown error');
      }
    }
  }
}
