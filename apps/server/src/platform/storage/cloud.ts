import path from 'node:path';
import { UNREACHABLE_ENDPOINT_MESSAGE } from '@parley/contracts';
import { isUnreachable } from '../net/endpoint-guard.js';
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
