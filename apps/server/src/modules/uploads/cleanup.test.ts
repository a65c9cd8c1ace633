import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD, type Meeting } from '@parley/contracts';
import { buildApp } from '../../app.js';
import { createLocalStore } from '../../platform/storage/local.js';
import { singleStoreResolver } from '../../platform/storage/resolver.js';
import { call, json, signIn, type TestContext } from '../../test/context.js';
import {
  createMediaContext,
  initiate,
  sendChunk,
  uploadBytes,
  type Started,
} from '../../test/media.js';
import { cleanupStaleUploads } from './cleanup.js';
import { createUploadsRepo } from './repo.js';

let ctx: TestContext & { mediaDir: string };
let token: string;
beforeAll(async () => {
  ctx = await createMediaContext();
  token = (await signIn(ctx, 'user@acme.parley.local')).accessToken;
});
afterAll(async () => ctx?.close());

const partsOf = (uploadId: string, organizationId: string) =>
  path.join(ctx.mediaDir, '.parts', organizationId, 'uploads', uploadId);

describe('stale upload cleanup', () => {
  it('runs when the app starts: drops uploads idle for a day with their chunks, keeps the rest', async () => {
    const stale = json<Started>(await initiate(ctx, token, 'local', 'abandoned.mp4', 6_000_000));
    await sendChunk(
      ctx,
      token,
      'local',
      stale.uploadId,
      1,
      Buffer.alloc(6_000_000 - UPLOAD.chunkSize),
    );
    const meeting: Meeting = await uploadBytes(
      ctx,
      token,
      'local',
      'kept.mp3',
      Buffer.alloc(50, 3),
    );
    expect(existsSync(partsOf(stale.uploadId, meeting.organizationId))).toBe(true);

    ctx.clock.advance(UPLOAD.staleAfterMs - 60_000);
    // Almost a day later the old access token has long expired.
    token = (await signIn(ctx, 'user@acme.parley.local')).accessToken;
    // Touched within the day: resuming keeps an upload alive.
    const fresh = json<Started>(await initiate(ctx, token, 'local', 'recent.mp4', 100));
    ctx.clock.advance(2 * 60_000);

    // A second process starting on the same database runs the cleanup at start; closing it
    // waits for that run.
    const second = await buildApp({
      config: ctx.config,
      database: ctx.database,
      now: ctx.clock.now,
      logger: false,
      mailer: { send: async () => {}, latest: () => undefined, close() {} },
    });
    await second.ready();
    await second.close();

    expect(existsSync(partsOf(stale.uploadId, meeting.organizationId))).toBe(false);
    const late = await sendChunk(
      ctx,
      token,
      'local',
      stale.uploadId,
      0,
      Buffer.alloc(UPLOAD.chunkSize),
    );
    expect(late.statusCode).toBe(404);
    const again = json<Started>(await initiate(ctx, token, 'local', 'abandoned.mp4', 6_000_000));
    expect(again.uploadId).not.toBe(stale.uploadId);
    expect(again.uploadedChunks).toEqual([]);

    const resumed = json<Started>(await initiate(ctx, token, 'local', 'recent.mp4', 100));
    expect(resumed.uploadId).toBe(fresh.uploadId);
    // The meeting and its file outlive their upload's bookkeeping.
    expect((await call(ctx, 'GET', `/meeting/${meeting.id}`, { token })).statusCode).toBe(200);
    const uploaded = path.join(ctx.mediaDir, meeting.organizationId, 'uploads');
    expect(readdirSync(uploaded).length).toBeGreaterThan(0);
  });

  it('says how many uploads it removed, and removes nothing twice', async () => {
    await initiate(ctx, token, 'local', 'idle.wav', 10);
    ctx.clock.advance(UPLOAD.staleAfterMs + 1);
    token = (await signIn(ctx, 'user@acme.parley.local')).accessToken;
    const deps = {
      repo: createUploadsRepo(ctx.database.db),
      resolveStore: singleStoreResolver(createLocalStore(ctx.mediaDir)),
      now: ctx.clock.now,
      log: { warn() {} },
    };
    expect(await cleanupStaleUploads(deps)).toBeGreaterThanOrEqual(2);
    expect(await cleanupStaleUploads(deps)).toBe(0);
    expect(readdirSync(path.join(ctx.mediaDir, '.parts'))).toEqual([]);
  });
});
