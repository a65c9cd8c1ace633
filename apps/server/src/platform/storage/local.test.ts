import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { checkKey, createLocalStore, isLocalStore, type LocalObjectStore } from './local.js';

const MiB = 1024 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const base = mkdtempSync(path.join(os.tmpdir(), 'parley-local-store-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

let root: string;
let store: LocalObjectStore;
beforeEach(() => {
  root = mkdtempSync(path.join(base, 'root-'));
  store = createLocalStore(path.join(root, 'media'));
});

describe('local object store', () => {
  it('puts, gets, reads a byte range, describes and deletes an object', async () => {
    const body = Buffer.from('0123456789abcdefghij');
    await store.put('org-1/a/clip.mp4', body, 'video/mp4');
    expect(await readAll(await store.get('org-1/a/clip.mp4'))).toEqual(body);
    const range = await readAll(await store.get('org-1/a/clip.mp4', { start: 5, end: 9 }));
    expect(range.toString()).toBe('56789');
    expect(await store.info('org-1/a/clip.mp4')).toEqual({ size: 20, contentType: 'video/mp4' });
    expect(store.pathOf('org-1/a/clip.mp4')).toBe(path.join(root, 'media/org-1/a/clip.mp4'));
    await store.delete('org-1/a/clip.mp4');
    expect(await store.info('org-1/a/clip.mp4')).toBeNull();
    await expect(store.get('org-1/a/clip.mp4')).rejects.toMatchObject({ statusCode: 404 });
    await store.delete('org-1/a/clip.mp4'); // deleting what is gone is harmless
    // Folders emptied by the delete go too; the root stays.
    expect(readdirSync(path.join(root, 'media'))).toEqual([]);
    expect(isLocalStore(store)).toBe(true);
  });

  it('stores a stream, and guesses the type from the name', async () => {
    const body = randomBytes(300 * 1024);
    const stream = Readable.from([body.subarray(0, 1000), body.subarray(1000)]);
    await store.put('org-1/b/voice.mp3', stream);
    expect(sha(await readAll(await store.get('org-1/b/voice.mp3')))).toBe(sha(body));
    expect(await store.info('org-1/b/voice.mp3')).toEqual({
      size: body.length,
      contentType: 'audio/mpeg',
    });
    await store.put('org-1/b/blob', Buffer.from('x'));
    expect(await store.info('org-1/b/blob')).toEqual({ size: 1 });
  });

  it('replaces an object atomically and leaves no temporary files', async () => {
    await store.put('org-1/c/x.json', Buffer.from('one'));
    await store.put('org-1/c/x.json', Buffer.from('two'));
    expect((await readAll(await store.get('org-1/c/x.json'))).toString()).toBe('two');
    expect(readdirSync(path.join(root, 'media/org-1/c'))).toEqual(['x.json']);
  });

  it('lists keys under a prefix, sorted, up to a limit, never the parts folder', async () => {
    for (const n of ['3', '1', '2']) await store.put(`org-1/list/${n}.json`, Buffer.from(n));
    await store.put('org-1/other/x.json', Buffer.from('x'));
    await store.put('org-2/list/1.json', Buffer.from('y'));
    await store.beginChunked('org-1/list/pending.mp4');
    await store.putChunk('org-1/list/pending.mp4', null, 0, Buffer.from('p'));
    const all = await store.list('org-1/list/');
    expect(all).toEqual(['1', '2', '3'].map((n) => ({ key: `org-1/list/${n}.json`, size: 1 })));
    expect(await store.list('org-1/list/', 2)).toHaveLength(2);
    expect((await store.list('org-1/')).map((o) => o.key)).toEqual([
      'org-1/list/1.json',
      'org-1/list/2.json',
      'org-1/list/3.json',
      'org-1/other/x.json',
    ]);
    // A prefix that ends inside a name matches by name.
    expect((await store.list('org-1/oth')).map((o) => o.key)).toEqual(['org-1/other/x.json']);
    expect(await store.list('org-1/nothing/')).toEqual([]);
    expect((await store.list('')).every((o) => !o.key.startsWith('.parts'))).toBe(true);
  });

  it('assembles a chunked upload in order, a chunk sent twice replacing the first copy', async () => {
    const chunks = [randomBytes(5 * MiB), randomBytes(5 * MiB), randomBytes(1024)];
    const key = 'org-1/uploads/u1/meeting.mp4';
    const handle = await store.beginChunked(key, 'video/mp4');
    expect(handle).toBeNull();
    const parts: string[] = [];
    // Out of order, chunk 0 twice, and the short last chunk first with wrong bytes.
    parts[2] = await store.putChunk(key, handle, 2, Buffer.alloc(1024, 7));
    parts[0] = await store.putChunk(key, handle, 0, chunks[0]!);
    parts[1] = await store.putChunk(key, handle, 1, chunks[1]!);
    parts[0] = await store.putChunk(key, handle, 0, chunks[0]!);
    parts[2] = await store.putChunk(key, handle, 2, chunks[2]!);
    expect(parts).toEqual(['', '', '']);
    expect(await store.info(key)).toBeNull(); // nothing visible before completion
    await store.completeChunked(key, handle, parts);
    expect(await store.info(key)).toEqual({ size: 10 * MiB + 1024, contentType: 'video/mp4' });
    expect(sha(await readAll(await store.get(key)))).toBe(sha(Buffer.concat(chunks)));
    const tail = await readAll(await store.get(key, { start: 10 * MiB, end: 10 * MiB + 1023 }));
    expect(tail).toEqual(chunks[2]);
    // The parts are gone once assembled.
    expect(readdirSync(path.join(root, 'media/.parts'))).toEqual([]);
  });

  it('refuses to complete when a chunk is missing, keeping the chunks for a retry', async () => {
    const key = 'org-1/uploads/u2/gap.mp4';
    await store.beginChunked(key);
    await store.putChunk(key, null, 0, Buffer.from('a'));
    await store.putChunk(key, null, 2, Buffer.from('c'));
    await expect(store.completeChunked(key, null, ['', '', ''])).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(await store.info(key)).toBeNull();
    await store.putChunk(key, null, 1, Buffer.from('b'));
    await store.completeChunked(key, null, ['', '', '']);
    expect((await readAll(await store.get(key))).toString()).toBe('abc');
  });

  it('aborts a chunked upload, leaving nothing to complete', async () => {
    const key = 'org-1/d/cancelled.mp4';
    const handle = await store.beginChunked(key, 'video/mp4');
    const part = await store.putChunk(key, handle, 0, randomBytes(2048));
    await store.abortChunked(key, handle);
    await store.abortChunked(key, handle); // twice is harmless
    expect(await store.info(key)).toBeNull();
    await expect(store.putChunk(key, handle, 1, Buffer.from('late'))).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(store.completeChunked(key, handle, [part])).rejects.toThrow();
    expect(await store.info(key)).toBeNull();
    expect(existsSync(path.join(root, 'media/.parts/org-1'))).toBe(false);
  });

  it('never lets a key reach outside its root', async () => {
    writeFileSync(path.join(root, 'secret.txt'), 'outside');
    const bad = [
      '../secret.txt',
      'org-1/../../secret.txt',
      'org-1/..',
      '/etc/passwd',
      'org-1//x',
      'org-1/./x',
      'org-1\\..\\..\\secret.txt',
      'org-1/x\0y',
      '.parts/org-1/x',
      '',
    ];
    for (const key of bad) {
      expect(() => checkKey(key)).toThrow(/Invalid storage key/);
      await expect(store.put(key, Buffer.from('x'))).rejects.toMatchObject({ statusCode: 400 });
      await expect(store.get(key)).rejects.toMatchObject({ statusCode: 400 });
      await expect(store.info(key)).rejects.toMatchObject({ statusCode: 400 });
      await expect(store.delete(key)).rejects.toMatchObject({ statusCode: 400 });
      await expect(store.beginChunked(key)).rejects.toMatchObject({ statusCode: 400 });
    }
    await expect(store.list('../')).rejects.toMatchObject({ statusCode: 400 });
    expect(() => store.pathOf('../secret.txt')).toThrow();
    // Dots inside a name are ordinary characters.
    await store.put('org-1/my..video.v2.mp4', Buffer.from('ok'));
    expect(await store.info('org-1/my..video.v2.mp4')).toEqual({
      size: 2,
      contentType: 'video/mp4',
    });
  });

  it('rejects a negative or fractional chunk index', async () => {
    await store.beginChunked('org-1/e/x.mp4');
    await expect(store.putChunk('org-1/e/x.mp4', null, -1, Buffer.from('x'))).rejects.toThrow();
    await expect(store.putChunk('org-1/e/x.mp4', null, 1.5, Buffer.from('x'))).rejects.toThrow();
  });
});
