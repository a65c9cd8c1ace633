import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { badRequest, notFound } from '../errors.js';
import { contentTypeFor } from './cloud.js';
import type { ObjectStore } from './types.js';

/**
 * The embedded store: files under one root directory (DATA_DIR/media). A chunked upload keeps
 * its chunks as numbered files under `.parts/<key>/` and assembles them by streaming, so a
 * 2 GB upload never sits in memory.
 */
export interface LocalObjectStore extends ObjectStore {
  readonly provider: 'local';
  /**
   * The file behind a key. ffmpeg reads local media in place rather than from a downloaded
   * copy; other stores have no such path.
   */
  pathOf(key: string): string;
}

export function isLocalStore(store: ObjectStore): store is LocalObjectStore {
  return store.provider === 'local' && typeof (store as LocalObjectStore).pathOf === 'function';
}

const PARTS_DIR = '.parts';
const MiB = 1024 * 1024;

/**
 * Keys come from file names users chose, so they are checked segment by segment: nothing
 * absolute, no '.' or '..', no empty segment, no NUL or backslash, and never the parts
 * folder. What passes cannot resolve outside the root.
 */
export function checkKey(key: string): string[] {
  const segments = key.split('/');
  const bad =
    key.length === 0 ||
    key.length > 1024 ||
    key.includes('\0') ||
    key.includes('\\') ||
    segments.some((s) => s === '' || s === '.' || s === '..') ||
    segments[0] === PARTS_DIR;
  if (bad) throw badRequest(`Invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
  return segments;
}

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';
const tempName = (file: string) => `${file}.tmp-${randomBytes(6).toString('hex')}`;

/** Writes to a temporary sibling and renames, so a reader never sees half a file. */
async function writeAtomically(file: string, body: Buffer | Readable): Promise<void> {
  // A stream that fails while mkdir runs would throw from an 'error' event nobody listens to
  // yet, ending the process; handled here, it still rejects the pipeline below.
  if (!Buffer.isBuffer(body)) body.on('error', () => {});
  await mkdir(path.dirname(file), { recursive: true });
  const temp = tempName(file);
  try {
    await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temp));
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

export function createLocalStore(rootDir: string): LocalObjectStore {
  const root = path.resolve(rootDir);

  function fileOf(key: string): string {
    const file = path.join(root, ...checkKey(key));
    // Defence in depth: checkKey already rules out every way out of the root.
    if (!file.startsWith(root + path.sep)) throw badRequest('Invalid storage key');
    return file;
  }
  const partsDirOf = (key: string) => path.join(root, PARTS_DIR, ...checkKey(key));
  const partFile = (dir: string, index: number) =>
    path.join(dir, index.toString().padStart(8, '0'));

  /** Removes directories left empty by a delete, up to (not including) `stopAt`. */
  async function pruneEmpty(dir: string, stopAt: string): Promise<void> {
    let current = dir;
    while (current.startsWith(stopAt + path.sep)) {
      try {
        await rmdir(current);
      } catch {
        return; // not empty (or already gone): stop climbing
      }
      current = path.dirname(current);
    }
  }

  async function walk(dir: string, out: { key: string; size: number }[]): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return;
      throw err;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (dir === root && entry.name === PARTS_DIR) continue;
        await walk(full, out);
      } else if (entry.isFile() && !/\.tmp-[0-9a-f]{12}$/.test(entry.name)) {
        const key = path.relative(root, full).split(path.sep).join('/');
        out.push({ key, size: (await stat(full)).size });
      }
    }
  }

  return {
    provider: 'local',

    pathOf: fileOf,

    async put(key, body) {
      await writeAtomically(fileOf(key), body);
    },

    async get(key, range) {
      const file = fileOf(key);
      // Opening first turns a missing file into a 404 now, not an error event mid-response.
      let handle;
      try {
        handle = await open(file, 'r');
      } catch (err) {
        if (isMissing(err)) throw notFound('File not found in storage');
        throw err;
      }
      return createReadStream(file, {
        fd: handle,
        ...(range ? { start: range.start, end: range.end } : {}),
      });
    },

    async info(key) {
      try {
        const s = await stat(fileOf(key));
        if (!s.isFile()) return null;
        const contentType = contentTypeFor(key);
        return contentType ? { size: s.size, contentType } : { size: s.size };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await pruneEmpty(path.dirname(file), root);
    },

    async list(prefix, limit = 1000) {
      // Walk only the deepest folder the prefix names, then match the rest of it by name.
      const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const start = folder ? path.join(root, ...checkKey(folder)) : root;
      const found: { key: string; size: number }[] = [];
      await walk(start, found);
      return found
        .filter((o) => o.key.startsWith(prefix))
        .sort((a, b) => a.key.localeCompare(b.key))
        .slice(0, limit);
    },

    async beginChunked(key) {
      await mkdir(partsDirOf(key), { recursive: true });
      return null;
    },

    async putChunk(key, _handle, index, body) {
      if (!Number.isInteger(index) || index < 0) throw badRequest('Invalid chunk index');
      const dir = partsDirOf(key);
      // beginChunked made the folder; its absence means the upload was aborted.
      try {
        await stat(dir);
      } catch (err) {
        if (isMissing(err)) throw notFound('Upload not found');
        throw err;
      }
      await writeAtomically(partFile(dir, index), body);
      return '';
    },

    async completeChunked(key, _handle, parts) {
      const dir = partsDirOf(key);
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = tempName(file);
      const out = await open(temp, 'w');
      try {
        // Part by part into one file handle: memory stays at one read buffer whatever the size.
        for (let i = 0; i < parts.length; i++) {
          for await (const data of createReadStream(partFile(dir, i), { highWaterMark: MiB })) {
            await out.write(data as Buffer);
          }
        }
        await out.close();
        await rename(temp, file);
      } catch (err) {
        await out.close().catch(() => {});
        await rm(temp, { force: true });
        if (isMissing(err)) throw notFound('Upload not found or a chunk is missing');
        throw err;
      }
      await rm(dir, { recursive: true, force: true });
      await pruneEmpty(path.dirname(dir), path.join(root, PARTS_DIR));
    },

    async abortChunked(key) {
      const dir = partsDirOf(key);
      await rm(dir, { recursive: true, force: true });
      await pruneEmpty(path.dirname(dir), path.join(root, PARTS_DIR));
    },
  };
}
