import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Meeting } from '@parley/contracts';
import { createLocalStore } from '../../platform/storage/local.js';
import { call, json, signIn, signUp, type TestContext } from '../../test/context.js';
import {
  complete,
  createMediaContext,
  fixture,
  getMedia,
  initiate,
  mediaDone,
  sendChunk,
  uploadBytes,
  type Started,
} from '../../test/media.js';

let ctx: TestContext & { mediaDir: string };
let acme: string;
let outsider: string;
let meeting: Meeting;
let upload: Started;

beforeAll(async () => {
  ctx = await createMediaContext();
  acme = (await signIn(ctx, 'poc@acme.parley.local')).accessToken;
  outsider = (await signUp(ctx, 'boss@rival.example', { organizationName: 'Rival' })).accessToken;
  meeting = await uploadBytes(
    ctx,
    acme,
    'local',
    'Acme secrets.mp4',
    readFileSync(fixture('small-face-wide-shot.mp4')),
  );
  meeting = await mediaDone(ctx, acme, meeting.id);
  upload = json<Started>(await initiate(ctx, acme, 'local', 'Acme pending.mp4', 100));
});
afterAll(async () => ctx?.close());

describe('another organisation', () => {
  it('gets 404 for every call about the meeting, as if it did not exist', async () => {
    const id = meeting.id;
    const calls: [Parameters<typeof call>[1], string, unknown?][] = [
      ['GET', `/meeting/${id}`],
      ['DELETE', `/meeting/${id}`],
      ['POST', `/share/${id}`, { email: 'boss@rival.example' }],
      ['POST', `/share/revoke/${id}`, { email: 'boss@rival.example' }],
      ['GET', `/share/users/${id}`],
      ['GET', `/share/public/create/${id}`],
      ['GET', `/share/public/status/${id}`],
      ['GET', `/share/public/revoke/${id}`],
    ];
    for (const [method, path, payload] of calls) {
      const res = await call(ctx, method, path, { token: outsider, payload });
      expect({ path, status: res.statusCode }).toEqual({ path, status: 404 });
    }
    for (const kind of ['video', 'thumbnail']) {
      const media = await getMedia(ctx, `/api/v1/media/${id}/${kind}`, {
        authorization: `Bearer ${outsider}`,
      });
      expect({ kind, status: media.statusCode }).toEqual({ kind, status: 404 });
    }
    // Still there for its own organisation.
    expect((await call(ctx, 'GET', `/meeting/${id}`, { token: acme })).statusCode).toBe(200);
  });

  it('sees none of it in any list', async () => {
    for (const path of [
      '/meeting/user',
      '/meeting/user/past',
      '/meeting/user/schedule',
      '/meeting/user/reports',
      '/share',
    ]) {
      const res = await call(ctx, 'GET', path, { token: outsider });
      expect({ path, count: json<{ count: number }>(res).count }).toEqual({ path, count: 0 });
    }
    const people = await call(ctx, 'GET', '/share/org/users', { token: outsider });
    expect(json(people)).toEqual([]);
  });

  it('cannot touch its uploads or import its stored files', async () => {
    const chunk = await sendChunk(ctx, outsider, 'local', upload.uploadId, 0, Buffer.alloc(100));
    expect(chunk.statusCode).toBe(404);
    const done = await complete(ctx, outsider, 'local', upload.uploadId, 'Acme pending.mp4', 1);
    expect(done.statusCode).toBe(404);
    const stored = await createLocalStore(ctx.mediaDir).list(`${meeting.organizationId}/uploads/`);
    const res = await call(ctx, 'POST', '/meeting/from-storage', {
      token: outsider,
      payload: { provider: 'local', key: stored[0]?.key },
    });
    expect(res.statusCode).toBe(404);
    // The same file name is free in another organisation.
    const theirs = await initiate(ctx, outsider, 'local', 'Acme secrets.mp4', 100);
    expect(theirs.statusCode).toBe(200);
  });
});
