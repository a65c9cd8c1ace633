// Downloading one catalogue model into DATA_DIR/models: progress, resume, SHA-256, disk space.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, stat, statfs, truncate, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { modelUrl, type CatalogueModel } from './catalogue.js';
import { formatBytes, Progress, type Output } from './progress.js';

/** A failure told to the user in one line (no stack trace): the CLI prints `message`. */
export class ModelsError extends Error {}

export interface PullOptions {
  /** DATA_DIR/models. */
  dir: string;
  /** MODELS_BASE_URL: a mirror holding the files under their catalogue names. */
  mirror?: string;
  out: Output;
  /** Free bytes on the file system holding `dir` (statfs; replaced in tests). */
  freeBytes?: (dir: string) => Promise<number>;
  /** Times a cut connection is resumed within one pull before giving up. */
  retries?: number;
  /** A download that receives nothing for this long counts as cut (ms). */
  stallMs?: number;
}

/**
 * Error codes meaning the host cannot be reached at all: no route, no DNS, refused, timed
 * out. On a machine without internet access the first request fails with one of these.
 */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Disk left free after a download: logs and the database must still be able to grow. */
const DISK_SLACK_BYTES = 100 * 1024 * 1024;
/** Three resumes cover a flaky link; a link that drops more often needs a person to look. */
const DEFAULT_RETRIES = 3;
/** A minute without a byte: a stalled CDN connection, not a slow one. */
const DEFAULT_STALL_MS = 60_000;

const freeOnDisk = async (dir: string): Promise<number> => {
  const s = await statfs(dir);
  return s.bavail * s.bsize;
};

const sizeOf = async (path: string): Promise<number> =>
  existsSync(path) ? (await stat(path)).size : 0;

function errorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** SHA-256 of a file, streamed (models are up to 3 GB). */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Downloads `model` into `dir` as `model.file`. The bytes go to `file.part`; a later pull
 * (or a retry after a cut connection) asks the server for the rest with an HTTP Range
 * request. The finished file is checked against the catalogue's SHA-256 and only then given
 * its final name, so a model file the server finds is a complete, verified one.
 */
export async function pullModel(model: CatalogueModel, opts: PullOptions): Promise<string> {
  const { dir, out } = opts;
  await mkdir(dir, { recursive: true });
  const final = join(dir, model.file);
  const part = `${final}.part`;
  if (existsSync(final)) {
    out.write(`${model.name} is already installed: ${final}\n`);
    return final;
  }
  const url = modelUrl(model, opts.mirror);
  const host = new URL(url).host;

  let have = await sizeOf(part);
  if (have > model.bytes && !model.approximate) {
    await unlink(part); // longer than the model: not a piece of it
    have = 0;
  }
  const needed = Math.max(0, model.bytes - have);
  const free = await (opts.freeBytes ?? freeOnDisk)(dir);
  if (free < needed + DISK_SLACK_BYTES) {
    throw new ModelsError(
      `Not enough disk space in ${dir}: ${model.name} needs ${formatBytes(needed)} more ` +
        `(plus ${formatBytes(DISK_SLACK_BYTES)} kept free), ${formatBytes(free)} is free.`,
    );
  }

  // Said once the host answers, so that a machine without internet access prints one line.
  let announced = false;
  const announce = () => {
    if (announced) return;
    announced = true;
    out.write(
      have > 0
        ? `Resuming ${model.name} at ${formatBytes(have)} of ${formatBytes(model.bytes)} from ${host}\n`
        : `Downloading ${model.name} (${formatBytes(model.bytes)}) from ${host}\n`,
    );
  };
  const retries = opts.retries ?? DEFAULT_RETRIES;
  for (let attempt = 0; ; attempt++) {
    try {
      await fetchInto(url, part, model, opts, announce);
      break;
    } catch (err) {
      if (err instanceof ModelsError) throw err;
      const got = await sizeOf(part);
      const code = errorCode(err);
      if (got === 0 && code && UNREACHABLE.has(code) && attempt === 0) {
        throw new ModelsError(
          `Cannot reach ${host} (${code}): this machine seems to have no internet access. ` +
            `Copy ${model.file} into ${dir} from a machine that has, or set MODELS_BASE_URL to a mirror.`,
        );
      }
      if (attempt >= retries) {
        throw new ModelsError(
          `Download of ${model.name} interrupted at ${formatBytes(got)} of ${formatBytes(model.bytes)} ` +
            `(${code ?? (err instanceof Error ? err.message : String(err))}); run the same pull again to resume.`,
        );
      }
      out.write(`Connection lost at ${formatBytes(got)}; resuming (${attempt + 1}/${retries})\n`);
    }
  }

  const digest = await sha256File(part);
  if (digest !== model.sha256) {
    await unlink(part);
    throw new ModelsError(
      `Checksum mismatch for ${model.name}: expected SHA-256 ${model.sha256}, got ${digest}; the downloaded file was deleted.`,
    );
  }
  await rename(part, final);
  out.write(
    `Installed ${model.name} (${formatBytes(await sizeOf(final))}, SHA-256 verified): ${final}\n`,
  );
  return final;
}

/** One request: the rest of the file from where `part` ends, appended to it. */
async function fetchInto(
  url: string,
  part: string,
  model: CatalogueModel,
  opts: PullOptions,
  announce: () => void,
): Promise<void> {
  let have = await sizeOf(part);
  const controller = new AbortController();
  const stallMs = opts.stallMs ?? DEFAULT_STALL_MS;
  let stall = setTimeout(() => controller.abort(new Error('no data received')), stallMs);
  try {
    const res = await fetch(url, {
      headers: have > 0 ? { range: `bytes=${have}-` } : {},
      signal: controller.signal,
      redirect: 'follow',
    });
    announce();
    if (res.status === 416 && have > 0) {
      // The server has nothing after `have`: the part is whole (verified next) or wrong.
      await res.body?.cancel();
      if (have === model.bytes || model.approximate) return;
      await unlink(part);
      throw new Error('the server refused to resume; starting again');
    }
    if (res.status !== 200 && res.status !== 206) {
      await res.body?.cancel();
      throw new ModelsError(`${url} answered HTTP ${res.status} ${res.statusText}`.trim());
    }
    if (res.status === 200 && have > 0) {
      // The server ignored the Range header: it sends the whole file again.
      await truncate(part, 0);
      have = 0;
    }
    const length = Number(res.headers.get('content-length'));
    const total = Number.isFinite(length) && length > 0 ? have + length : model.bytes;
    const progress = new Progress(model.name, total, have, opts.out);
    const file = createWriteStream(part, { flags: 'a' });
    try {
      if (!res.body) throw new Error('empty response');
      for await (const chunk of res.body) {
        clearTimeout(stall);
        stall = setTimeout(() => controller.abort(new Error('no data received')), stallMs);
        if (!file.write(chunk)) await new Promise<void>((r) => file.once('drain', () => r()));
        progress.add(chunk.byteLength);
      }
    } finally {
      file.end();
      await finished(file).catch(() => undefined);
      progress.end();
    }
    if ((await sizeOf(part)) < total) throw new Error('the connection closed early');
  } finally {
    clearTimeout(stall);
  }
}

/** Deletes an installed model and any partial download of it; false when there was none. */
export async function removeModel(model: CatalogueModel, dir: string): Promise<boolean> {
  let removed = false;
  for (const path of [join(dir, model.file), join(dir, `${model.file}.part`)]) {
    if (existsSync(path)) {
      await unlink(path);
      removed = true;
    }
  }
  return removed;
}
