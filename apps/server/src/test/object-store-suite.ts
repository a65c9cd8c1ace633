import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { isCloudStore } from '../platform/storage/cloud.js';
import type { ObjectStore } from '../platform/storage/types.js';

const MiB = 1024 * 1024;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * The behaviour every ObjectStore must show, run against a real server. `store()` is read
 * when each test runs, after the suite's beforeAll has started the server.
 */
export function objectStoreSuite(store: () => ObjectStore, prefix = 'org-1'): void {
  const key = (name: string) => `${prefix}/${name}`;

  it('puts, gets, reads a byte range, describes and deletes an object', async () => {
    const s = store();
    const body = Buffer.from('0123456789abcdefghij');
    await s.put(key('a/clip.mp4'), body, 'video/mp4');
    expect(await readAll(await s.get(key('a/clip.mp4')))).toEqual(body);
    expect((await readAll(await s.get(key('a/clip.mp4'), { start: 5, end: 9 }))).toString()).toBe(
      '56789',
    );
    expect(await s.info(key('a/clip.mp4'))).toEqual({ size: 20, contentType: 'video/mp4' });
    await s.delete(key('a/clip.mp4'));
    expect(await s.info(key('a/clip.mp4'))).toBeNull();
    await expect(s.get(key('a/clip.mp4'))).rejects.toMatchObject({ statusCode: 404 });
    await s.delete(key('a/clip.mp4')); // deleting what is gone is harmless
  });

  it('stores a stream and guesses the type from the name when none is given', async () => {
    const s = store();
    const body = randomBytes(300 * 1024);
    await s.put(key('b/voice.mp3'), Readable.from([body.subarray(0, 1000), body.subarray(1000)]));
    expect(sha(await readAll(await s.get(key('b/voice.mp3'))))).toBe(sha(body));
    expect(await s.info(key('b/voice.mp3'))).toEqual({
      size: body.length,
      contentType: 'audio/mpeg',
    });
  });

  it('lists keys under a prefix, up to a limit', async () => {
    const s = store();
    for (const n of ['1', '2', '3']) await s.put(key(`list/${n}.json`), Buffer.from(n));
    await s.put(key('other/x.json'), Buffer.from('x'));
    const all = await s.list(key('list/'));
    expect(all.map((o) => o.key).sort()).toEqual(['1', '2', '3'].map((n) => key(`list/${n}.json`)));
    expect(all.every((o) => o.size === 1)).toBe(true);
    expect(await s.list(key('list/'), 2)).toHaveLength(2);
    expect(await s.list(key('nothing/'))).toEqual([]);
  });

  it('assembles a chunked upload in order, a chunk sent twice replacing the first copy', async () => {
    const s = store();
    const chunks = [randomBytes(5 * MiB), randomBytes(5 * MiB), randomBytes(1024)];
    const k = key('c/meeting.mp4');
    const handle = await s.beginChunked(k, 'video/mp4');
    const parts: string[] = [];
    // Out of order, chunk 0 twice, and the short last chunk first with wrong bytes.
    parts[2] = await s.putChunk(k, handle, 2, Buffer.alloc(1024, 7));
    parts[0] = await s.putChunk(k, handle, 0, chunks[0]!);
    parts[1] = await s.putChunk(k, handle, 1, chunks[1]!);
    parts[0] = await s.putChunk(k, handle, 0, chunks[0]!);
    parts[2] = await s.putChunk(k, handle, 2, chunks[2]!);
    await s.completeChunked(k, handle, parts);
    const info = await s.info(k);
    expect(info).toEqual({ size: 10 * MiB + 1024, contentType: 'video/mp4' });
    expect(sha(await readAll(await s.get(k)))).toBe(sha(Buffer.concat(chunks)));
    const tail = await readAll(await s.get(k, { start: 10 * MiB, end: 10 * MiB + 1023 }));
    expect(tail).toEqual(chunks[2]);
  });

  it('aborts a chunked upload, leaving nothing to complete', async () => {
    const s = store();
    const k = key('d/cancelled.mp4');
    const handle = await s.beginChunked(k, 'video/mp4');
    const part = await s.putChunk(k, handle, 0, randomBytes(2048));
    await s.abortChunked(k, handle);
    await s.abortChunked(k, handle); // twice is harmless
    expect(await s.info(k)).toBeNull();
    await expect(s.completeChunked(k, handle, [part])).rejects.toThrow();
    expect(await s.info(k)).toBeNull();
  });

  it('gives a signed URL that fetch() can download without credentials', async () => {
    const s = store();
    if (!isCloudStore(s)) throw new Error('expected a cloud store');
    const body = randomBytes(4096);
    await s.put(key('e/thumb.png'), body);
    const url = await s.presignGet(key('e/thumb.png'), 60);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(body);
    const ranged = await fetch(url, { headers: { range: 'bytes=0-9' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer())).toEqual(body.subarray(0, 10));
    const tampered = await fetch(url.replace(/thumb\.png/, 'other.png'));
    expect(tampered.ok).toBe(false);
  });
}
