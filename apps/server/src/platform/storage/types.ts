import type { Readable } from 'node:stream';
import type { StorageProvider } from '@parley/contracts';

export interface ObjectInfo {
  size: number;
  contentType?: string;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/**
 * One place media is kept: local files, S3 or Azure Blob. Keys are '/'-separated and always
 * start with the organisation id. Chunked uploads follow each store's native mechanism:
 * part files (local), multipart upload (S3), staged blocks (Azure).
 */
export interface ObjectStore {
  readonly provider: StorageProvider;
  put(key: string, body: Buffer | Readable, contentType?: string): Promise<void>;
  get(key: string, range?: ByteRange): Promise<Readable>;
  info(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
  /** Keys under a prefix (for "create from a file in your storage" and cleanup). */
  list(prefix: string, limit?: number): Promise<{ key: string; size: number }[]>;

  /** Starts a chunked upload; returns the store's handle (S3 UploadId) or null. */
  beginChunked(key: string, contentType?: string): Promise<string | null>;
  /**
   * Stores chunk `index` (0-based). Sending a chunk twice replaces it. Returns the value
   * completeChunked needs for it (S3 ETag, Azure block id, '' locally).
   */
  putChunk(key: string, handle: string | null, index: number, body: Buffer): Promise<string>;
  /** Assembles chunks 0..n-1 in order into the object. */
  completeChunked(key: string, handle: string | null, parts: string[]): Promise<void>;
  abortChunked(key: string, handle: string | null): Promise<void>;
}
