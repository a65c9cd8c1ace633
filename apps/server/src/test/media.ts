import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import {
  azureBlockId,
  offlineStatusSchema,
  type Meeting,
  type OfflineStatus,
  type StorageProvider,
  uploadRouteSets,
} from '@parley/contracts';
import { call, createTestContext, json, type TestContext } from './context.js';

export const FIXTURES = path.resolve(import.meta.dirname, '../../../../fixtures/video');
export const fixture = (name: string) => path.join(FIXTURES, name);

/** A test context whose local media store is a fresh temporary folder. */
export async function createMediaContext(
  opts: Parameters<typeof createTestContext>[0] = {},
): Promise<TestContext & { mediaDir: string }> {
  const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'parley-media-test-'));
  const ctx = await createTestContext({ ...opts, env: { MEDIA_DIR: mediaDir, ...opts.env } });
  return {
    ...ctx,
    mediaDir,
    async close() {
      await ctx.close();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

/** Runs ffmpeg to make a test input; throws with its message when it fails. */
export function ffmpeg(args: string[]): void {
  const r = spawnSync('ffmpeg', ['-v', 'error', '-y', ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ffmpeg ${args.join(' ')}: ${r.stderr}`);
}

/** Makes `name` in a shared temporary folder once per machine and test run, atomically. */
export function derived(name: string, make: (out: string) => void): string {
  const dir = path.join(os.tmpdir(), 'parley-test-media');
  const out = path.join(dir, name);
  if (existsSync(out)) return out;
  const work = mkdtempSync(path.join(os.tmpdir(), 'parley-test-media-work-'));
  const temp = path.join(work, name);
  make(temp);
  spawnSync('mkdir', ['-p', dir]);
  renameSync(temp, out);
  rmSync(work, { recursive: true, force: true });
  return out;
}

/**
 * The first `seconds` of talking-face.mp4, stream-copied: the same real recording, for tests
 * whose subject is the pipeline's plumbing, not how much speech it can take. A stream copy
 * cuts at packet boundaries, so figures that follow from the length are read with
 * `mediaSeconds`, not assumed to be `seconds`.
 */
export function talkingFaceClip(seconds: number): string {
  return derived(`talking-face-${seconds}s.mp4`, (out) =>
    ffmpeg(['-i', fixture('talking-face.mp4'), '-t', String(seconds), '-c', 'copy', out]),
  );
}

/** A media file's length in seconds, as its container (ffprobe) states it. */
export function mediaSeconds(file: string): number {
  const r = spawnSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
    { encoding: 'utf8' },
  );
  const seconds = Number(r.stdout.trim());
  if (r.status !== 0 || !(seconds > 0)) throw new Error(`ffprobe ${file}: ${r.stderr}`);
  return seconds;
}

/**
 * The first 12 s of the talking-face fixture re-encoded at a high bit rate: about 13.5 MB, so a
 * chunked upload of it has three 5 MiB chunks. Each upload is analysed behind the test that
 * made it, so a third of the recording is a third of that background work.
 */
export function largeTalkingFace(): string {
  return derived('talking-face-12s-hq.mp4', (out) =>
    ffmpeg([
      ...['-i', fixture('talking-face.mp4'), '-t', '12', '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-b:v', '9M', '-minrate', '9M', '-maxrate', '9M', '-bufsize', '3M'],
      ...['-x264-params', 'nal-hrd=cbr', '-c:a', 'copy', out],
    ]),
  );
}

/** multipart/form-data for one chunk, the way the web client sends it. */
export function chunkForm(
  index: number | string,
  body: Buffer,
  extra: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----parley${randomBytes(8).toString('hex')}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head =
    field('index', String(index)) +
    Object.entries(extra)
      .map(([k, v]) => field(k, v))
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="blob"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  return {
    payload: Buffer.concat([Buffer.from(head), body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function sendChunk(
  ctx: TestContext,
  token: string,
  provider: StorageProvider,
  uploadId: string,
  index: number | string,
  body: Buffer,
): Promise<LightMyRequestResponse> {
  const extra: Record<string, string> =
    provider === 'azure' && typeof index === 'number' ? { blockId: azureBlockId(index) } : {};
  const form = chunkForm(index, body, extra);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1${uploadRouteSets[provider].chunkPath}?uploadId=${uploadId}`,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.payload,
  });
}

export interface Started {
  uploadId: string;
  chunkSize: number;
  totalChunks: number;
  uploadedChunks: number[];
  provider: StorageProvider;
}

export async function initiate(
  ctx: TestContext,
  token: string,
  provider: StorageProvider,
  fileName: string,
  fileSize: number,
  extra: Record<string, unknown> = {},
) {
  return call(ctx, 'POST', uploadRouteSets[provider].initiate.path, {
    token,
    payload: { fileName, fileSize, ...extra },
  });
}

export function complete(
  ctx: TestContext,
  token: string,
  provider: StorageProvider,
  uploadId: string,
  fileName: string,
  totalChunks: number,
) {
  return call(ctx, 'POST', uploadRouteSets[provider].complete.path, {
    token,
    payload: {
      uploadId,
      fileName,
      ...(provider === 'azure'
        ? { blockIds: Array.from({ length: totalChunks }, (_, i) => azureBlockId(i)) }
        : {}),
    },
  });
}

/** The whole protocol for a buffer; resolves with the created meeting. */
export async function uploadBytes(
  ctx: TestContext,
  token: string,
  provider: StorageProvider,
  fileName: string,
  bytes: Buffer,
): Promise<Meeting> {
  const res = await initiate(ctx, token, provider, fileName, bytes.length);
  if (res.statusCode !== 200) throw new Error(`initiate ${res.statusCode}: ${res.body}`);
  const s = json<Started>(res);
  for (let i = 0; i < s.totalChunks; i++) {
    const chunk = await sendChunk(
      ctx,
      token,
      provider,
      s.uploadId,
      i,
      bytes.subarray(i * s.chunkSize, (i + 1) * s.chunkSize),
    );
    if (chunk.statusCode !== 200) throw new Error(`chunk ${i} ${chunk.statusCode}: ${chunk.body}`);
  }
  const done = await complete(ctx, token, provider, s.uploadId, fileName, s.totalChunks);
  if (done.statusCode !== 200) throw new Error(`complete ${done.statusCode}: ${done.body}`);
  return json<Meeting>(done);
}

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the media step has finished with the meeting (duration known, or failed). */
export function mediaDone(ctx: TestContext, token: string, meetingId: string, timeoutMs = 60_000) {
  return waitFor(
    async () => {
      const m = json<Meeting>(await call(ctx, 'GET', `/meeting/${meetingId}`, { token }));
      return m.storageLink || m.inferenceStatus === 'failed' ? m : undefined;
    },
    timeoutMs,
    `the media step of ${meetingId}`,
  );
}

/** GET offline/status of a meeting; a refused call throws with its answer. */
export async function offlineStatus(
  ctx: TestContext,
  token: string,
  meetingId: string,
): Promise<OfflineStatus> {
  const res = await call(ctx, 'GET', `/offline/status/${meetingId}`, { token });
  if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}: ${res.body}`);
  return offlineStatusSchema.parse(json(res));
}

/** Polls offline/status until the analysis (of run `runId`, if given) is processed or failed. */
export function analysisSettled(
  ctx: TestContext,
  token: string,
  meetingId: string,
  { runId, timeoutMs = 150_000 }: { runId?: string; timeoutMs?: number } = {},
): Promise<OfflineStatus> {
  return waitFor(
    async () => {
      const s = await offlineStatus(ctx, token, meetingId);
      if (runId && s.runId !== runId) return undefined;
      return s.inferenceStatus === 'processed' || s.inferenceStatus === 'failed' ? s : undefined;
    },
    timeoutMs,
    `the analysis of ${meetingId}`,
  );
}

/** GET of a media link (a path with its query) with optional extra headers. */
export function getMedia(ctx: TestContext, link: string, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url: link, headers });
}

/**
 * A real 3 s recording (the first seconds of small-face-wide-shot.mp4, stream-copied) whose
 * movie header (`mvhd`) claims 2,147,483.647 s, the largest duration a 32-bit millisecond
 * field can hold: the crafted upload of issue 21 (≈ 157 KB). ffprobe believes the header;
 * only the first 3 s can be decoded.
 */
export function headerLiesMp4(): string {
  return derived('header-lies.mp4', (out) => {
    ffmpeg(['-i', fixture('small-face-wide-shot.mp4'), '-t', '3', '-c', 'copy', out]);
    const bytes = readFileSync(out);
    const mvhd = findBox(bytes, ['moov', 'mvhd']);
    if (mvhd === null) throw new Error('no moov/mvhd box in the cut fixture');
    // Version 0: size, type, version+flags, creation, modification, timescale, duration (u32).
    if (bytes[mvhd + 8] !== 0) throw new Error('expected a version 0 mvhd box');
    bytes.writeUInt32BE(0x7fffffff, mvhd + 24);
    writeFileSync(out, bytes);
  });
}

/** Offset of the box at `path` (e.g. moov/mvhd) in an ISO media file, or null. */
function findBox(bytes: Buffer, boxes: string[], start = 0, end = bytes.length): number | null {
  for (let at = start; at + 8 <= end;) {
    const size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (size < 8) return null; // 0 (to the end) and 1 (64-bit) never wrap moov's children here
    if (type === boxes[0]) {
      return boxes.length === 1 ? at : findBox(bytes, boxes.slice(1), at + 8, at + size);
    }
    at += size;
  }
  return null;
}

const JFK = path.resolve(import.meta.dirname, '../../../../fixtures/speech/jfk.wav');

/** jfk.wav (11.0 s) as AAC in MP4 with its index first, as phones write it. */
function jfkMp4(): string {
  return derived('jfk-faststart.m4a', (out) =>
    ffmpeg(['-i', JFK, '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', '-f', 'mp4', out]),
  );
}

/**
 * The first half of jfk-faststart.m4a's bytes: an upload or copy cut off midway. Its index
 * still declares 11.0 s; 5.5 s of sound is there.
 */
export function cutInHalfM4a(): string {
  return derived('jfk-cut-in-half.m4a', (out) => {
    const bytes = readFileSync(jfkMp4());
    writeFileSync(out, bytes.subarray(0, Math.floor(bytes.length / 2)));
  });
}

/**
 * jfk-faststart.m4a with 8,000 bytes in the middle of its media data overwritten by a fixed
 * pseudo-random sequence (a disk or transfer error): ffmpeg skips 13 damaged AAC frames.
 */
export function damagedM4a(): string {
  return derived('jfk-damaged.m4a', (out) => {
    const bytes = readFileSync(jfkMp4());
    let state = 12345;
    for (let i = Math.floor(bytes.length / 2), end = i + 8000; i < end; i++) {
      state = (state * 1103515245 + 12345) >>> 0; // glibc's rand() LCG
      bytes[i] = state >>> 24;
    }
    writeFileSync(out, bytes);
  });
}
