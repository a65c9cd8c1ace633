import path from 'node:path';
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

/** Network failures carry a code (ECONNREFUSED, ENOTFOUND, …) rather than a status. */
export function networkReason(err: unknown, where: string): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) {
    return `could not connect to ${where} (${code})`;
  }
  const name = (err as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') return `${where} did not answer in time`;
  return null;
}
