import path from 'node:path';
import { UNREACHABLE_ENDPOINT_MESSAGE } from '@parley/contracts';
import { isUnreachable } from '../net/endpoint-guard.js';
import { errorChain, StorageUnavailableError } from '../outage.js';
import type { ObjectStore } from './types.js';

/**
 * A store outside this server (S3, Azure Blob). Media can be fetched from it directly with a
 * short-lived signed URL, so the API redirects instead of streaming every byte itself.
 */
export interface CloudStore extends ObjectStore {
  /** A URL anyone holding it may GET the object with, for `expiresSec` seconds. */
  presignGet(key: string, expiresSec: number): Promise<string>;
  /** Releases the client's sockets; the store must not be used afterwards. */
  close(): void;
}

export function isCloudStore(store: ObjectStore): store is CloudStore {
  return typeof (store as Partial<CloudStore>).presignGet === 'function';
}

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/x-m4v',
  '.mov': 'video/quicktime',
  '.mkv': 'video/x-matroska',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.m4a': 'audio/mp4',
  '.ogg': 'audio/ogg',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.json': 'application/json',
  '.vtt': 'text/vtt',
};

/**
 * The type a browser needs to play a signed-URL download. Used when the caller gave none:
 * Azure's chunked commit has no earlier step that could have carried it.
 */
export function contentTypeFor(key: string): string | undefined {
  return CONTENT_TYPES[path.posix.extname(key).toLowerCase()];
}

/**
 * Network failures (refused, unknown host, timed out, or an internal address the endpoint
 * guard refused) all give the one message, so a check cannot map the server's network.
 */
export function networkReason(err: unknown): string | null {
  return isUnreachable(err) ? UNREACHABLE_ENDPOINT_MESSAGE : null;
}

/** How long a store request may stay silent when STORAGE_TIMEOUT_SECONDS is not set. */
export const DEFAULT_STORE_IDLE_TIMEOUT_MS = 30_000;

/** A server error, or one overloaded or unreachable behind a gateway; not 501 (unsupported). */
const UNAVAILABLE_STATUSES = new Set([500, 502, 503, 504]);

/** The socket's codes (and Azure's wrapper for them) when the store's address answers nothing. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'REQUEST_SEND_ERROR',
]);

/** The calls of a store that reach its server (presignGet only signs, close only releases). */
const REMOTE_CALLS = [
  'put',
  'get',
  'info',
  'delete',
  'list',
  'beginChunked',
  'putChunk',
  'completeChunked',
  'abortChunked',
] as const;

/**
 * The store with its server's failures — a 5xx, no connection, no answer in time — thrown as
 * StorageUnavailableError once the SDK's own retries are spent, so the API answers 503 "try
 * again" (platform/outage.ts) and a job's attempt fails with a reason users can read and is
 * retried. Any other error (404, 403, a bad request) passes unchanged.
 */
export function reportingOutages<S extends CloudStore>(
  store: S,
  statusOf: (err: unknown) => number | undefined,
): S {
  const reasonOf = (err: unknown): string | null => {
    const status = statusOf(err);
    if (status !== undefined) {
      return UNAVAILABLE_STATUSES.has(status) ? `the storage answered ${status}` : null;
    }
    const codes = [...errorChain(err)];
    if (codes.some((e) => e.name === 'TimeoutError' || e.code === 'ETIMEDOUT')) {
      return 'the storage did not answer in time';
    }
    // Not isUnreachable: a file the body was read from (ENOENT) or an endpoint the guard
    // refuses is no outage, and no retry would fix it.
    return codes.some((e) => typeof e.code === 'string' && NETWORK_CODES.has(e.code))
      ? 'the storage cannot be reached'
      : null;
  };
  const wrapped: S = { ...store };
  for (const name of REMOTE_CALLS) {
    const call = store[name] as (...args: unknown[]) => Promise<unknown>;
    const guarded = async (...args: unknown[]) => {
      try {
        return await call(...args);
      } catch (err) {
        const reason = reasonOf(err);
        throw reason ? new StorageUnavailableError(reason, { cause: err }) : err;
      }
    };
    Object.assign(wrapped, { [name]: guarded });
  }
  return wrapped;
}
