import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isLocalStore } from '../storage/local.js';
import type { ObjectStore } from '../storage/types.js';

/** A scratch folder for ffmpeg's outputs, removed when `fn` settles. */
export async function withScratchDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'parley-media-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `fn` on a file path holding the object: the file itself for the local store,
 * otherwise a temporary download (ffprobe needs to seek, which a pipe cannot do for an MP4
 * whose index is at the end).
 */
export async function withLocalFile<T>(
  store: ObjectStore,
  key: string,
  fn: (file: string) => Promise<T>,
): Promise<T> {
  if (isLocalStore(store)) return fn(store.pathOf(key));
  return withScratchDir(async (dir) => {
    const file = path.join(dir, `source${path.posix.extname(key).toLowerCase()}`);
    await pipeline(await store.get(key), createWriteStream(file));
    return fn(file);
  });
}
