import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { BlobServiceClient } from '@azure/storage-blob';
import S3rver from 's3rver';
import { afterAll, beforeAll } from 'vitest';

/**
 * Real S3 and Azure Blob servers for tests: s3rver in this process, Azurite as a child
 * process, each on a free port with its data in a temporary directory.
 */

export interface S3Server {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

const S3RVER_KEY = 'S3RVER';

export async function startS3Server(bucket = 'parley-media'): Promise<S3Server> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'parley-s3-'));
  const s3 = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket }] });
  await s3.configureBuckets();
  const handle = s3.callback();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    // s3rver 3.7 lacks AbortMultipartUpload. Do what S3 does: drop the upload's parts, so
    // completing it afterwards fails, and answer NoSuchUpload for an unknown upload.
    if (req.method === 'DELETE' && url.searchParams.has('uploadId')) {
      const [, bucketName = ''] = url.pathname.split('/');
      const uploadId = url.searchParams.get('uploadId') ?? '';
      const dir = path.join(s3.store.getResourcePath(bucketName, undefined, 'uploads'), uploadId);
      if (!/^[0-9a-f]+$/.test(uploadId) || !existsSync(dir)) {
        res.writeHead(404, { 'content-type': 'application/xml' });
        res.end('<?xml version="1.0"?><Error><Code>NoSuchUpload</Code></Error>');
        return;
      }
      rmSync(dir, { recursive: true, force: true });
      res.writeHead(204).end();
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      s3.logger.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export interface AzureServer {
  accountName: string;
  accountKey: string;
  /** Blob endpoint including the account, as Azurite serves it. */
  endpoint: string;
  connectionString: string;
  close(): Promise<void>;
}

/** Azurite's documented development account. */
const DEV_ACCOUNT = 'devstoreaccount1';
const DEV_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export async function startAzurite(): Promise<AzureServer> {
  const location = mkdtempSync(path.join(os.tmpdir(), 'parley-azurite-'));
  const require = createRequire(import.meta.url);
  const main = path.join(
    path.dirname(require.resolve('azurite/package.json')),
    'dist/src/blob/main.js',
  );
  const child = spawn(
    process.execPath,
    [
      main,
      ...['--blobHost', '127.0.0.1', '--blobPort', '0', '--location', location],
      ...['--silent', '--skipApiVersionCheck', '--disableTelemetry', '--loose'],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Port 0 lets the OS choose; Azurite prints the address it got.
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`Azurite did not start: ${out}`)), 20_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listens on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Azurite exited (${code}): ${out}`));
    });
  });
  const endpoint = `http://127.0.0.1:${port}/${DEV_ACCOUNT}`;
  return {
    accountName: DEV_ACCOUNT,
    accountKey: DEV_KEY,
    endpoint,
    connectionString: `DefaultEndpointsProtocol=http;AccountName=${DEV_ACCOUNT};AccountKey=${DEV_KEY};BlobEndpoint=${endpoint};`,
    async close() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(killer);
      }
      rmSync(location, { recursive: true, force: true });
    },
  };
}

/** The stand-ins of the test file using useCloudServers; set before its first test. */
export let s3: S3Server;
export let azure: AzureServer;

/**
 * s3rver and Azurite for one test file, Azurite with these containers made; closed after the
 * file's tests. Call it before useTestApp, so the servers outlive the app's last request.
 */
export function useCloudServers(containers: readonly string[] = ['media']): void {
  beforeAll(async () => {
    [s3, azure] = await Promise.all([startS3Server(), startAzurite()]);
    const blobs = BlobServiceClient.fromConnectionString(azure.connectionString);
    await Promise.all(containers.map((c) => blobs.getContainerClient(c).create()));
  });
  afterAll(async () => {
    await Promise.all([s3?.close(), azure?.close()]);
  });
}
