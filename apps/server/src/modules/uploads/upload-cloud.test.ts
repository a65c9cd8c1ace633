import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MEETING_MESSAGES,
  UPLOAD,
  azureBlockId,
  uploadRouteSets,
  type Meeting,
} from '@parley/contracts';
import {
  azureBlob,
  connectCloud,
  readCloudObject,
  sharedAzurite,
  stopCloudServers,
} from '../../test/cloud-stores.js';
import { call, json, signIn, LOCAL_STAND_INS } from '../../test/context.js';
import {
  chunkForm,
  complete,
  createMediaContext,
  fixture,
  initiate,
  sendChunk,
  type Started,
} from '../../test/media.js';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const MiB = 1024 * 1024;

/**
 * 11.3 MiB: the talking-face fixture's bytes six times over, so three chunks (5 MiB, 5 MiB
 * and the rest, the shape S3 needs for its parts). Not a video the media step can read; only
 * the upload and the stored bytes are checked here.
 */
const padded = Buffer.concat(
  Array.from({ length: 6 }, () => readFileSync(fixture('talking-face.mp4'))),
);
const chunk = (i: number) => padded.subarray(i * UPLOAD.chunkSize, (i + 1) * UPLOAD.chunkSize);

afterAll(stopCloudServers);

describe.each(['aws', 'azure'] as const)('a multi-chunk upload to %s', (provider) => {
  let ctx: Awaited<ReturnType<typeof createMediaContext>>;
  let user: string;
  let orgId: string;

  beforeAll(async () => {
    ctx = await createMediaContext({ env: LOCAL_STAND_INS });
    await connectCloud(ctx, provider);
    const session = await signIn(ctx, 'user@acme.parley.local');
    user = session.accessToken;
    orgId = session.user.organizationId;
  });
  afterAll(async () => ctx?.close());

  it('assembles chunks sent out of order, one of them twice, in chunk order', async () => {
    const name = 'padded.mp4';
    const s = json<Started>(await initiate(ctx, user, provider, name, padded.length));
    expect(s.totalChunks).toBe(3);
    for (const i of [2, 0, 1, 0]) {
      expect((await sendChunk(ctx, user, provider, s.uploadId, i, chunk(i))).statusCode).toBe(200);
    }
    const done = await complete(ctx, user, provider, s.uploadId, name, 3);
    expect(done.statusCode).toBe(200);
    expect(json<Meeting>(done)).toMatchObject({
      storageProvider: provider,
      sizeBytes: padded.length,
    });
    const stored = await readCloudObject(provider, `${orgId}/uploads/${s.uploadId}/${name}`);
    expect(stored.length).toBe(padded.length);
    expect(sha(stored)).toBe(sha(padded));
  });

  if (provider !== 'azure') return;

  it('checks block ids against chunk indices and commits the blocks in chunk order', async () => {
    const name = 'blocks.mp4';
    const routes = uploadRouteSets.azure;
    const s = json<Started>(await initiate(ctx, user, provider, name, padded.length));
    const form = chunkForm(1, chunk(1), { blockId: azureBlockId(0) });
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1${routes.chunkPath}?uploadId=${s.uploadId}`,
      headers: { ...form.headers, authorization: `Bearer ${user}` },
      payload: form.payload,
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).message).toBe(MEETING_MESSAGES.blockIdMismatch(1));
    for (const i of [1, 2, 0]) await sendChunk(ctx, user, provider, s.uploadId, i, chunk(i));

    const blob = azureBlob(await sharedAzurite(), `${orgId}/uploads/${s.uploadId}/${name}`);
    const ids = [0, 1, 2].map(azureBlockId);
    for (const blockIds of [[...ids].reverse(), ids.slice(0, 2), [...ids, azureBlockId(3)]]) {
      const res = await call(ctx, 'POST', routes.complete.path, {
        token: user,
        payload: { uploadId: s.uploadId, fileName: name, blockIds },
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).message).toBe(MEETING_MESSAGES.blockListMismatch);
    }
    expect(await blob.exists()).toBe(false);

    expect((await complete(ctx, user, provider, s.uploadId, name, 3)).statusCode).toBe(200);
    const list = await blob.getBlockList('all');
    expect(list.committedBlocks?.map((b) => [b.name, b.size])).toEqual([
      [ids[0], 5 * MiB],
      [ids[1], 5 * MiB],
      [ids[2], padded.length - 10 * MiB],
    ]);
    expect(list.uncommittedBlocks ?? []).toEqual([]);
    expect((await blob.getProperties()).contentType).toBe('video/mp4');
    expect(sha(await blob.downloadToBuffer())).toBe(sha(padded));
  });
});

describe('an upload stays on the store it was started on', () => {
  let ctx: Awaited<ReturnType<typeof createMediaContext>>;
  beforeAll(async () => {
    ctx = await createMediaContext({ env: LOCAL_STAND_INS });
    await connectCloud(ctx, 'azure');
  });
  afterAll(async () => ctx?.close());

  it('answers 404 for its chunks and completion through another store’s routes', async () => {
    const { accessToken } = await signIn(ctx, 'user@acme.parley.local');
    const bytes = readFileSync(fixture('talking-face.mp4'));
    const s = json<Started>(
      await initiate(ctx, accessToken, 'azure', 'elsewhere.mp4', bytes.length),
    );
    expect((await sendChunk(ctx, accessToken, 'local', s.uploadId, 0, bytes)).statusCode).toBe(404);
    expect((await sendChunk(ctx, accessToken, 'azure', s.uploadId, 0, bytes)).statusCode).toBe(200);
    const wrong = await complete(ctx, accessToken, 'aws', s.uploadId, 'elsewhere.mp4', 1);
    expect(wrong.statusCode).toBe(404);
    const right = await complete(ctx, accessToken, 'azure', s.uploadId, 'elsewhere.mp4', 1);
    expect(right.statusCode).toBe(200);
  });
});
