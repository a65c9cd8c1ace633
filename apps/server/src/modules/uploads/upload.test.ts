import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEETING_MESSAGES,
  UPLOAD,
  UPLOAD_MESSAGES,
  type Meeting,
  type StorageProvider,
} from '@parley/contracts';
import { cloudStore, stopCloudServers } from '../../test/cloud-stores.js';
import { call, json, signIn, LOCAL_STAND_INS } from '../../test/context.js';
import {
  complete,
  createMediaContext,
  getMedia,
  initiate,
  largeTalkingFace,
  mediaDone,
  mediaSeconds,
  sendChunk,
  type Started,
  talkingFaceClip,
} from '../../test/media.js';
import { keySafeName } from './service.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
type MediaContext = Awaited<ReturnType<typeof createMediaContext>>;

/**
 * The chunked protocol against one store. `provider` names the route set; `setup` connects
 * that store for the organisation through the integrations API (nothing for local), against
 * an s3rver or Azurite started once for this file; `read` gets a stored object's bytes
 * straight from the store.
 */
const STORES: {
  name: string;
  provider: StorageProvider;
  setup?: (ctx: MediaContext) => Promise<void>;
  read: (ctx: MediaContext, key: string) => Promise<Buffer>;
}[] = [
  {
    name: 'local',
    provider: 'local',
    read: async (ctx, key) => readFileSync(path.join(ctx.mediaDir, key)),
  },
  cloudStore('S3 (s3rver)', 'aws'),
  cloudStore('Azure Blob (Azurite)', 'azure'),
];
afterAll(stopCloudServers);

/** Where an upload's object lives: under the organisation and the upload. */
const keyOf = (m: Meeting, uploadId: string, fileName: string) =>
  `${m.organizationId}/uploads/${uploadId}/${keySafeName(fileName)}`;

describe.each(STORES)('chunked upload to the $name store', ({ provider, setup, read }) => {
  let ctx: MediaContext;
  let user: string;
  let other: string;
  let video: Buffer;
  let videoSec: number;
  const fileName = 'Quarterly review.mp4';

  beforeAll(async () => {
    ctx = await createMediaContext({ env: LOCAL_STAND_INS });
    await setup?.(ctx);
    user = (await signIn(ctx, 'user@acme.parley.local')).accessToken;
    other = (await signIn(ctx, 'rep@acme.parley.local')).accessToken;
    video = readFileSync(largeTalkingFace());
    videoSec = mediaSeconds(largeTalkingFace());
  });
  afterAll(async () => ctx?.close());

  const chunk = (i: number) => video.subarray(i * UPLOAD.chunkSize, (i + 1) * UPLOAD.chunkSize);

  it('resumes an interrupted upload, shrugs off a repeated chunk and creates the meeting', async () => {
    const first = await initiate(ctx, user, provider, fileName, video.length, {
      stage: 'discovery_stage',
      title: 'Q3',
    });
    expect(first.statusCode).toBe(200);
    const s = json<Started>(first);
    expect(s).toMatchObject({ chunkSize: 5 * 1024 * 1024, totalChunks: 3, uploadedChunks: [] });
    expect((await sendChunk(ctx, user, provider, s.uploadId, 0, chunk(0))).json()).toEqual({
      index: 0,
      received: true,
    });

    // The browser tab was closed; the same file is chosen again, with a better title.
    const again = json<Started>(
      await initiate(ctx, user, provider, fileName, video.length, {
        stage: 'discovery_stage',
        title: 'Q3 review',
      }),
    );
    expect(again).toMatchObject({ uploadId: s.uploadId, uploadedChunks: [0], totalChunks: 3 });

    for (const i of [2, 1, 1]) {
      const res = await sendChunk(ctx, user, provider, s.uploadId, i, chunk(i));
      expect(res.statusCode).toBe(200);
    }
    const done = await complete(ctx, user, provider, s.uploadId, fileName, 3);
    expect(done.statusCode).toBe(200);
    const meeting = json<Meeting>(done);
    expect(meeting).toMatchObject({
      meetingName: 'Quarterly review',
      meetingCode: fileName,
      stage: 'discovery_stage',
      title: 'Q3 review',
      type: 'offline',
      isOffline: true,
      // Queued for analysis as soon as the upload completes.
      inferenceStatus: 'queued',
      storageProvider: provider,
      sizeBytes: video.length,
    });
    // Three chunks (5 MiB, S3's minimum part, twice, then the rest), assembled in order.
    const stored = await read(ctx, keyOf(meeting, s.uploadId, fileName));
    expect(stored.length).toBe(video.length);
    expect(sha(stored)).toBe(sha(video));

    // A retried complete (its answer lost) answers the same meeting.
    const retried = await complete(ctx, user, provider, s.uploadId, fileName, 3);
    expect(json<Meeting>(retried).id).toBe(meeting.id);

    const ready = await mediaDone(ctx, user, meeting.id);
    expect(['analysing', 'processed']).toContain(ready.inferenceStatus);
    expect(ready.durationSec).toBeCloseTo(videoSec, 1);
    // In minutes.
    expect(ready.duration).toBeCloseTo(videoSec / 60, 2);
    expect(ready.storageLink).toMatch(
      new RegExp(
        `^/api/v1/media/${meeting.id}/video\\?token=[0-9a-f]{64}&exp=\\d+&sub=u\\.[0-9a-f-]{36}$`,
      ),
    );

    const thumb = await getMedia(ctx, ready.imageLink ?? '');
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    // Served from the store: the same bytes that were sent, by range.
    const whole = await getMedia(ctx, ready.storageLink ?? '');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(sha(whole.rawPayload)).toBe(sha(video));
    const part = await getMedia(ctx, ready.storageLink ?? '', { range: 'bytes=1000-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1099/${video.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload).toEqual(video.subarray(1000, 1100));
    const tail = await getMedia(ctx, ready.storageLink ?? '', { range: 'bytes=-10' });
    expect(tail.rawPayload).toEqual(video.subarray(video.length - 10));
    const outside = await getMedia(ctx, ready.storageLink ?? '', {
      range: `bytes=${video.length}-`,
    });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${video.length}`);
  });

  it('uploads a real recording in one chunk, a chunk sent again replacing the first copy', async () => {
    // The talking-face recording's first 8 s as recorded (stream-copied), not re-encoded.
    const clip = talkingFaceClip(8);
    const name = path.basename(clip);
    const bytes = readFileSync(clip);
    const s = json<Started>(await initiate(ctx, user, provider, name, bytes.length));
    expect(s.totalChunks).toBe(1);
    // The first copy was garbled on the way; the client sends the chunk again.
    await sendChunk(ctx, user, provider, s.uploadId, 0, Buffer.alloc(bytes.length, 0xee));
    expect((await sendChunk(ctx, user, provider, s.uploadId, 0, bytes)).statusCode).toBe(200);
    const done = await complete(ctx, user, provider, s.uploadId, name, 1);
    expect(done.statusCode).toBe(200);
    const meeting = json<Meeting>(done);
    expect(meeting).toMatchObject({ storageProvider: provider, sizeBytes: bytes.length });
    expect(sha(await read(ctx, keyOf(meeting, s.uploadId, name)))).toBe(sha(bytes));

    const ready = await mediaDone(ctx, user, meeting.id);
    expect(['analysing', 'processed']).toContain(ready.inferenceStatus);
    expect(ready.durationSec).toBeCloseTo(mediaSeconds(clip), 1);
    // A thousand bytes from the middle of the media data.
    const at = Math.floor(bytes.length / 2);
    const range = `${at}-${at + 999}`;
    const part = await getMedia(ctx, ready.storageLink ?? '', { range: `bytes=${range}` });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${range}/${bytes.length}`);
    expect(part.rawPayload).toEqual(bytes.subarray(at, at + 1000));
  });

  it('refuses a second meeting with the same file name, at initiate and at complete', async () => {
    const name = 'Same name.mp4';
    const a = json<Started>(await initiate(ctx, user, provider, name, 1000));
    const b = json<Started>(await initiate(ctx, other, provider, name, 1000));
    expect(a.uploadId).not.toBe(b.uploadId);
    await sendChunk(ctx, user, provider, a.uploadId, 0, video.subarray(0, 1000));
    await sendChunk(ctx, other, provider, b.uploadId, 0, video.subarray(0, 1000));
    expect((await complete(ctx, user, provider, a.uploadId, name, 1)).statusCode).toBe(200);

    const late = await complete(ctx, other, provider, b.uploadId, name, 1);
    expect(late.statusCode).toBe(409);
    expect(json(late)).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: UPLOAD_MESSAGES.duplicate,
    });
    const early = await initiate(ctx, other, provider, name, 1000);
    expect(early.statusCode).toBe(409);
    expect(json(early).message).toBe('Video exists! Rename and upload again');
  });

  it('refuses files over 2 GB with 413 and other types with 400', async () => {
    const big = await initiate(ctx, user, provider, 'huge.mp4', UPLOAD.serverMaxBytes + 1);
    expect(big.statusCode).toBe(413);
    expect(json(big).message).toBe('File too large');
    for (const name of ['notes.pdf', 'clip.avi', 'no-extension', 'video.mp4.exe']) {
      const res = await initiate(ctx, user, provider, name, 1000);
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(MEETING_MESSAGES.unsupportedType);
    }
    expect(MEETING_MESSAGES.unsupportedType).toBe(
      'Unsupported file type: upload a .mp4, .mov, .mkv, .m4v, .mp3, .wav or .m4a file',
    );
    for (const name of ['talk.MOV', 'voice.m4a', 'call.wav', 'memo.mp3', 'clip.mkv', 'x.m4v']) {
      expect((await initiate(ctx, user, provider, name, 1000)).statusCode).toBe(200);
    }
  });

  it('refuses to complete while chunks are missing, then completes once they arrive', async () => {
    const name = 'gappy.mp4';
    const s = json<Started>(await initiate(ctx, user, provider, name, video.length));
    await sendChunk(ctx, user, provider, s.uploadId, 0, chunk(0));
    await sendChunk(ctx, user, provider, s.uploadId, 2, chunk(2));
    const res = await complete(ctx, user, provider, s.uploadId, name, 3);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(UPLOAD_MESSAGES.incomplete);
    await sendChunk(ctx, user, provider, s.uploadId, 1, chunk(1));
    expect((await complete(ctx, user, provider, s.uploadId, name, 3)).statusCode).toBe(200);
  });

  it('checks every chunk: index, size, owner and upload', async () => {
    const name = 'checked.mp4';
    const s = json<Started>(await initiate(ctx, user, provider, name, video.length));
    const bad = async (index: number | string, body: Buffer, token = user, id = s.uploadId) => {
      const res = await sendChunk(ctx, token, provider, id, index, body);
      return { status: res.statusCode, message: json(res).message };
    };
    expect(await bad(3, chunk(2))).toEqual({
      status: 400,
      message: 'Chunk index 3 is out of range: this upload has chunks 0 to 2',
    });
    expect((await bad('-1', chunk(0))).status).toBe(400);
    expect((await bad('x', chunk(0))).status).toBe(400);
    expect(await bad(0, Buffer.alloc(UPLOAD.chunkSize + 1))).toEqual({
      status: 400,
      message: MEETING_MESSAGES.chunkTooLarge,
    });
    expect(await bad(0, chunk(0).subarray(1))).toEqual({
      status: 400,
      message: `Chunk 0 must be ${UPLOAD.chunkSize} bytes, got ${UPLOAD.chunkSize - 1}`,
    });
    expect((await bad(2, chunk(1))).status).toBe(400); // the last chunk is shorter
    expect(await bad(0, chunk(0), other)).toEqual({ status: 404, message: 'Upload not found' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await bad(0, chunk(0), user, unknown)).status).toBe(404);
    expect((await bad(0, chunk(0), user, 'not-a-uuid')).status).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/integration/${provider}/upload-chunk?uploadId=${s.uploadId}`,
    });
    expect(anonymous.statusCode).toBe(401);
    // Nothing above was stored.
    const resumed = json<Started>(await initiate(ctx, user, provider, name, video.length));
    expect(resumed.uploadedChunks).toEqual([]);
  });

  it('keeps uploads per user, and a different size under the same name starts over', async () => {
    const name = 'restart.mp4';
    const s = json<Started>(await initiate(ctx, user, provider, name, video.length));
    await sendChunk(ctx, user, provider, s.uploadId, 0, chunk(0));
    const theirs = json<Started>(await initiate(ctx, other, provider, name, video.length));
    expect(theirs.uploadId).not.toBe(s.uploadId);
    expect(theirs.uploadedChunks).toEqual([]);
    const changed = json<Started>(await initiate(ctx, user, provider, name, 4000));
    expect(changed.uploadId).not.toBe(s.uploadId);
    expect(changed).toMatchObject({ totalChunks: 1, uploadedChunks: [] });
    const old = await sendChunk(ctx, user, provider, s.uploadId, 1, chunk(1));
    expect(old.statusCode).toBe(404);
  });

  it('needs the file name the upload started with', async () => {
    const s = json<Started>(await initiate(ctx, user, provider, 'named.mp3', 10));
    await sendChunk(ctx, user, provider, s.uploadId, 0, Buffer.alloc(10));
    const res = await complete(ctx, user, provider, s.uploadId, 'renamed.mp3', 1);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toBe(MEETING_MESSAGES.fileNameMismatch);
  });

  it('stores the object under the organisation and the upload, whatever the file is called', async () => {
    const name = '../../etc/passwd.mp4';
    const s = json<Started>(await initiate(ctx, user, provider, name, 10));
    await sendChunk(ctx, user, provider, s.uploadId, 0, Buffer.alloc(10, 1));
    const meeting = json<Meeting>(await complete(ctx, user, provider, s.uploadId, name, 1));
    expect(meeting.meetingCode).toBe(name);
    const rows = await call(ctx, 'GET', `/meeting/${meeting.id}`, { token: user });
    expect(rows.statusCode).toBe(200);
    const key = `${meeting.organizationId}/uploads/${s.uploadId}/_.._etc_passwd.mp4`;
    expect(await read(ctx, key)).toEqual(Buffer.alloc(10, 1));
  });
});
