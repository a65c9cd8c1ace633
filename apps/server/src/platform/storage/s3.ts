import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { notFound } from '../errors.js';
import type { NetAgents } from '../net/endpoint-guard.js';
import {
  contentTypeFor,
  DEFAULT_STORE_IDLE_TIMEOUT_MS,
  networkReason,
  reportingOutages,
  type CloudStore,
} from './cloud.js';

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server; omitted for Amazon S3. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path rather than the host name; defaults to true with a custom endpoint. */
  forcePathStyle?: boolean;
  /** Attempts per request (SDK default 3); the connection check uses fewer to answer quickly. */
  maxAttempts?: number;
  /**
   * How long a request may go without a byte sent or received before it fails (and the SDK
   * retries it): a hung store fails in bounded time, while a large part that keeps moving is
   * never cut off. Default DEFAULT_STORE_IDLE_TIMEOUT_MS.
   */
  idleTimeoutMs?: number;
}

const idleTimeoutOf = (opts: S3StoreOptions) => opts.idleTimeoutMs ?? DEFAULT_STORE_IDLE_TIMEOUT_MS;

/** `agents`: the endpoint guard's, so the endpoint cannot point inside the network. */
export function createS3Client(opts: S3StoreOptions, agents: NetAgents): S3Client {
  return new S3Client({
    region: opts.region,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    forcePathStyle: opts.forcePathStyle ?? Boolean(opts.endpoint),
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
    maxAttempts: opts.maxAttempts ?? 3,
    requestHandler: {
      httpAgent: agents.http,
      httpsAgent: agents.https,
      connectionTimeout: 10_000,
      // The socket's idle limit, not `requestTimeout`: that one only logs a warning unless
      // throwOnRequestTimeout is set, and would cut off a long transfer that is progressing.
      socketTimeout: idleTimeoutOf(opts),
    },
    // The SDK's default CRC checksums use aws-chunked bodies that S3-compatible servers
    // (s3rver, older MinIO/Ceph) store verbatim, framing and all; send them only when S3
    // requires one. Integrity of parts is still checked through their ETags.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const statusOf = (err: unknown): number | undefined =>
  err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;

const isMissing = (err: unknown): boolean =>
  statusOf(err) === 404 ||
  (err instanceof S3ServiceException &&
    ['NoSuchKey', 'NotFound', 'NoSuchUpload'].includes(err.name));

function toReadable(body: unknown): Readable {
  if (body instanceof Readable) return body;
  throw new Error('S3 answered without a readable body');
}

export function createS3Store(opts: S3StoreOptions, agents: NetAgents): CloudStore {
  const client = createS3Client(opts, agents);
  const Bucket = opts.bucket;

  return reportingOutages(s3Store(client, Bucket), statusOf);
}

function s3Store(client: S3Client, Bucket: string): CloudStore {
  return {
    provider: 'aws',

    async put(key, body, contentType) {
      const ContentType = contentType ?? contentTypeFor(key);
      if (Buffer.isBuffer(body)) {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType }));
        return;
      }
      // A stream's length is unknown, which PutObject cannot take: lib-storage splits it into
      // a multipart upload (or one PutObject when it turns out small).
      await new Upload({ client, params: { Bucket, Key: key, Body: body, ContentType } }).done();
    },

    async get(key, range) {
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return toReadable(res.Body);
      } catch (err) {
        if (isMissing(err)) throw notFound();
        throw err;
      }
    },

    async info(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return {
          size: res.ContentLength ?? 0,
          ...(res.ContentType ? { contentType: res.ContentType } : {}),
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async list(prefix, limit = 1000) {
      const out: { key: string; size: number }[] = [];
      // ListObjects (v1) pages by the last key seen. S3 serves it as well as v2, and some
      // S3-compatible servers get v2's continuation tokens wrong (s3rver 3.7 fails on
      // OpenSSL 3 whenever a listing is truncated).
      let Marker: string | undefined;
      for (;;) {
        const res = await client.send(
          new ListObjectsCommand({
            Bucket,
            Prefix: prefix,
            MaxKeys: Math.min(1000, limit - out.length),
            ...(Marker ? { Marker } : {}),
          }),
        );
        const contents = res.Contents ?? [];
        for (const o of contents) {
          if (o.Key && out.length < limit) out.push({ key: o.Key, size: o.Size ?? 0 });
        }
        Marker = res.NextMarker ?? contents.at(-1)?.Key;
        if (!res.IsTruncated || !Marker || out.length >= limit) return out;
      }
    },

    async beginChunked(key, contentType) {
      const res = await client.send(
        new CreateMultipartUploadCommand({
          Bucket,
          Key: key,
          ContentType: contentType ?? contentTypeFor(key),
        }),
      );
      if (!res.UploadId) throw new Error('S3 started a multipart upload without an UploadId');
      return res.UploadId;
    },

    async putChunk(key, handle, index, body) {
      // Uploading a part number again replaces that part, so a resent chunk is harmless.
      const res = await client.send(
        new UploadPartCommand({
          Bucket,
          Key: key,
          UploadId: requireHandle(handle),
          PartNumber: index + 1,
          Body: body,
          ContentLength: body.length,
        }),
      );
      if (!res.ETag) throw new Error('S3 stored a part without an ETag');
      return res.ETag;
    },

    async completeChunked(key, handle, parts) {
      if (parts.length === 0) throw new Error('a multipart upload needs at least one part');
      await client.send(
        new CompleteMultipartUploadCommand({
          Bucket,
          Key: key,
          UploadId: requireHandle(handle),
          MultipartUpload: { Parts: parts.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) },
        }),
      );
    },

    async abortChunked(key, handle) {
      if (!handle) return;
      try {
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: handle }));
      } catch (err) {
        // Already completed, aborted or expired: nothing is left to clean up.
        if (!isMissing(err)) throw err;
      }
    },

    presignGet(key, expiresSec) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), {
        expiresIn: expiresSec,
      });
    },

    close() {
      client.destroy();
    },
  };
}

function requireHandle(handle: string | null): string {
  if (!handle) throw new Error('an S3 chunked upload needs the UploadId from beginChunked');
  return handle;
}

/**
 * Reaches the bucket with the given credentials (HeadBucket). Returns null when it answers,
 * otherwise a reason a person can act on. Never includes the credentials.
 */
export async function checkS3Bucket(
  opts: S3StoreOptions,
  agents: NetAgents,
): Promise<string | null> {
  const client = createS3Client({ ...opts, maxAttempts: 1, idleTimeoutMs: 10_000 }, agents);
  try {
    await client.send(new HeadBucketCommand({ Bucket: opts.bucket }));
    return null;
  } catch (err) {
    const network = networkReason(err);
    if (network) return network;
    switch (statusOf(err)) {
      case 404:
        return `the bucket '${opts.bucket}' does not exist`;
      case 403:
        return 'access denied; check the access key, the secret and the bucket policy';
      case 301:
      case 307:
        return `the bucket is not in the region '${opts.region}'`;
      case 400:
        return 'the request was refused; check the region and the endpoint';
      default: {
        const status = statusOf(err);
        const name = err instanceof Error ? err.name : 'unknown error';
        return status ? `the server answered ${status} (${name})` : name;
      }
    }
  } finally {
    client.destroy();
  }
}
