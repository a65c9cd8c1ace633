import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_FULL_MESSAGE } from '../outage.js';
import { call, json, signIn, type TestContext } from '../../test/context.js';
import {
  createMediaContext,
  fixture,
  initiate,
  sendChunk,
  type Started,
} from '../../test/media.js';

/**
 * A full disk (issue 20, faults): the local media store on a real file system of 1 MB (a
 * tmpfs mounted for the test), and an upload larger than that. The write fails with ENOSPC
 * from the kernel, not from anything the test injected; the client gets a 507 that says the
 * storage is full, the server stays up and answers what does not need the disk.
 */

const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-full-disk-'));
const mounted =
  process.platform === 'linux' &&
  spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir]).status === 0;
if (!mounted) {
  rmSync(dir, { recursive: true, force: true });
  console.warn('Full-disk test skipped: cannot mount a 1 MB tmpfs here (needs root)');
}

describe.skipIf(!mounted)('a full disk', () => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    ctx = await createMediaContext({ env: { MEDIA_DIR: dir } });
    token = (await signIn(ctx, 'user@acme.parley.local')).accessToken;
  }, 180_000);
  afterAll(async () => {
    await ctx?.close();
    spawnSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('is answered 507 "storage is full", and the server keeps serving', async () => {
    const video = readFileSync(fixture('talking-face.mp4'));
    const started = await initiate(ctx, token, 'local', 'too big.mp4', video.length);
    expect(started.statusCode, started.body).toBe(200);
    const s = json<Started>(started);
    const res = await sendChunk(ctx, token, 'local', s.uploadId, 0, video.subarray(0, s.chunkSize));
    expect(res.statusCode, res.body).toBe(507);
    expect(json(res)).toEqual({
      statusCode: 507,
      error: 'Insufficient Storage',
      message: STORAGE_FULL_MESSAGE,
    });
    const list = await call(ctx, 'GET', '/meeting/user?page=0&size=10', { token });
    expect(list.statusCode).toBe(200);
    // Nothing half-written is left to fill the disk further.
    const used = spawnSync('du', ['-sk', dir], { encoding: 'utf8' }).stdout.split('\t')[0];
    expect(Number(used)).toBeLessThan(1024);
  }, 180_000);
});
