import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA, MEETING_MESSAGES, type Meeting, type SessionUser } from '@parley/contracts';
import { createLocalStore } from '../../platform/storage/local.js';
import { call, json, signIn, type TestContext, expectRefusal } from '../../test/context.js';
import {
  createMediaContext,
  derived,
  ffmpeg,
  fixture,
  getMedia,
  mediaDone,
  uploadBytes,
} from '../../test/media.js';

let ctx: TestContext & { mediaDir: string };
let user: { accessToken: string; user: SessionUser };
let rep: string;
let poc: string;
let admin: string;
let org: string;
const store = () => createLocalStore(ctx.mediaDir);

beforeAll(async () => {
  ctx = await createMediaContext();
  user = await signIn(ctx, 'user@acme.parley.local');
  org = user.user.organizationId;
  rep = (await signIn(ctx, 'rep@acme.parley.local')).accessToken;
  poc = (await signIn(ctx, 'poc@acme.parley.local')).accessToken;
  admin = (await signIn(ctx, 'admin@parley.local')).accessToken;
});
afterAll(async () => ctx?.close());

const fromStorage = (token: string, key: string, extra: Record<string, unknown> = {}) =>
  call(ctx, 'POST', '/meeting/from-storage', {
    token,
    payload: { provider: 'local', key, ...extra },
  });

describe('meeting from a file in storage', () => {
  it('creates the meeting, probes it and makes a playable rendition of a Matroska file', async () => {
    const mkv = derived('talking-face.mkv', (out) =>
      ffmpeg(['-i', fixture('talking-face.mp4'), '-c', 'copy', out]),
    );
    const key = `${org}/imports/Board call.mkv`;
    await store().put(key, readFileSync(mkv));
    const res = await fromStorage(user.accessToken, key, { stage: 'prospecting_stage' });
    expect(res.statusCode).toBe(200);
    const created = json<Meeting>(res);
    expect(created).toMatchObject({
      meetingName: 'Board call',
      meetingCode: 'Board call.mkv',
      stage: 'prospecting_stage',
      inferenceStatus: 'queued',
      storageLink: null, // nothing playable until the media step is done
      mimeType: 'video/x-matroska',
    });
    const ready = await mediaDone(ctx, user.accessToken, created.id);
    expect(['analysing', 'processed']).toContain(ready.inferenceStatus);
    expect(ready.durationSec).toBeCloseTo(33.6, 1);
    const video = await getMedia(ctx, ready.storageLink ?? '', { range: 'bytes=0-11' });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.rawPayload.toString('latin1', 4, 8)).toBe('ftyp');
    // The organisation's own file stays where it was.
    expect(await store().info(key)).not.toBeNull();
  });

  it('only takes existing media files under the organisation’s own prefix', async () => {
    await store().put('another-org/imports/x.mp4', Buffer.alloc(10));
    const outside = await fromStorage(user.accessToken, 'another-org/imports/x.mp4');
    expect(outside.statusCode).toBe(404);
    expect(json(outside).message).toBe(MEETING_MESSAGES.keyOutsideOrganisation);
    const missing = await fromStorage(user.accessToken, `${org}/imports/none.mp4`);
    expectRefusal(missing, 404, 'File not found in storage');
    const pdf = await fromStorage(user.accessToken, `${org}/imports/deck.pdf`);
    expect(pdf.statusCode).toBe(400);
    const escape = await fromStorage(user.accessToken, `${org}/../another-org/imports/x.mp4`);
    expect(escape.statusCode).toBe(400);
  });

  it('marks a file that is not media as failed, with the reason', async () => {
    const key = `${org}/imports/broken.mp4`;
    await store().put(key, Buffer.from('definitely not a video'.repeat(50)));
    const created = json<Meeting>(await fromStorage(user.accessToken, key));
    const done = await mediaDone(ctx, user.accessToken, created.id);
    expect(done.inferenceStatus).toBe('failed');
    expect(done.statusReason).toMatch(/^Could not process the media file: .*Invalid data/);
    expect(done.storageLink).toBeNull();
  });
});

describe('meeting from a link', () => {
  it('records a live meeting waiting for the bot', async () => {
    const res = await call(ctx, 'POST', '/meeting/from-link', {
      token: user.accessToken,
      payload: { meetingLink: 'https://meet.example.com/abc-defg', meetingName: 'Weekly sync' },
    });
    expect(res.statusCode).toBe(200);
    expect(json<Meeting>(res)).toMatchObject({
      meetingName: 'Weekly sync',
      type: 'live',
      isOffline: false,
      inferenceStatus: 'uploaded',
      statusReason: 'Waiting for the meeting bot',
      meetingLink: 'https://meet.example.com/abc-defg',
      storageLink: null,
    });
    const bad = await call(ctx, 'POST', '/meeting/from-link', {
      token: user.accessToken,
      payload: { meetingLink: 'not a link', meetingName: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('media links', () => {
  it('need a valid signature or the bearer of someone who sees the meeting', async () => {
    const m = await uploadBytes(
      ctx,
      user.accessToken,
      'local',
      'links.mp4',
      readFileSync(fixture('small-face-wide-shot.mp4')),
    );
    const ready = await mediaDone(ctx, user.accessToken, m.id);
    const link = ready.imageLink ?? '';
    expect((await getMedia(ctx, link)).statusCode).toBe(200);
    const tampered = link.replace(/token=(.)/, (_, c: string) => `token=${c === 'a' ? 'b' : 'a'}`);
    const bad = await getMedia(ctx, tampered);
    expect(bad.statusCode).toBe(403);
    expect(json(bad).message).toBe(MEETING_MESSAGES.mediaLinkInvalid);
    const bare = `/api/v1/media/${m.id}/thumbnail`;
    expect((await getMedia(ctx, bare)).statusCode).toBe(403);
    const owner = await getMedia(ctx, bare, { authorization: `Bearer ${user.accessToken}` });
    expect(owner.statusCode).toBe(200);
    const notShared = await getMedia(ctx, bare, { authorization: `Bearer ${rep}` });
    expect(notShared.statusCode).toBe(404);

    // Links live minutes (MEDIA.linkTtlSec, rounded up to five minutes), not hours.
    ctx.clock.advance((MEDIA.linkTtlSec + 300) * 1000 + 1000);
    const expired = await getMedia(ctx, link);
    expect(expired.statusCode).toBe(403);
    // Fresh sign-in (the old token expired too), fresh link.
    user = await signIn(ctx, 'user@acme.parley.local');
    rep = (await signIn(ctx, 'rep@acme.parley.local')).accessToken;
    poc = (await signIn(ctx, 'poc@acme.parley.local')).accessToken;
    admin = (await signIn(ctx, 'admin@parley.local')).accessToken;
    const again = json<Meeting>(
      await call(ctx, 'GET', `/meeting/${m.id}`, { token: user.accessToken }),
    );
    expect((await getMedia(ctx, again.imageLink ?? '')).statusCode).toBe(200);
  });
});

describe('deleting a meeting', () => {
  const upload = (name: string) =>
    uploadBytes(
      ctx,
      user.accessToken,
      'local',
      name,
      readFileSync(fixture('small-face-wide-shot.mp4')),
    );

  it('is for the owner, and removes the meeting and its stored objects', async () => {
    const m = await upload('to-delete.mp4');
    const ready = await mediaDone(ctx, user.accessToken, m.id);
    const objects = await store().list(`${org}/`);
    const mine = objects.filter((o) => o.key.includes(m.id) || o.key.endsWith('to-delete.mp4'));
    expect(mine.length).toBe(2); // the upload and its thumbnail (the mp4 plays as it is)
    expect(ready.storageLink).toBeTruthy();

    await call(ctx, 'POST', `/share/${m.id}`, {
      token: user.accessToken,
      payload: { email: 'rep@acme.parley.local' },
    });
    const byViewer = await call(ctx, 'DELETE', `/meeting/${m.id}`, { token: rep });
    expect(byViewer.statusCode).toBe(403);

    const res = await call(ctx, 'DELETE', `/meeting/${m.id}`, { token: user.accessToken });
    expect(json(res)).toEqual({ message: 'Meeting deleted successfully' });
    expect(
      (await call(ctx, 'GET', `/meeting/${m.id}`, { token: user.accessToken })).statusCode,
    ).toBe(404);
    for (const o of mine) expect(await store().info(o.key)).toBeNull();
    // The link's permission (seeing the meeting) went with it.
    expect((await getMedia(ctx, ready.storageLink ?? '')).statusCode).toBe(403);
    expect(
      (await call(ctx, 'DELETE', `/meeting/${m.id}`, { token: user.accessToken })).statusCode,
    ).toBe(404);
  });

  it('is open to the organisation’s poc, and to the super admin for any organisation', async () => {
    const a = await upload('poc-deletes.mp4');
    expect((await call(ctx, 'DELETE', `/meeting/${a.id}`, { token: poc })).statusCode).toBe(200);
    const b = await upload('admin-deletes.mp4');
    // The super admin belongs to the platform organisation, not Acme.
    expect((await call(ctx, 'GET', `/meeting/${b.id}`, { token: admin })).statusCode).toBe(404);
    const byPoc = await call(ctx, 'DELETE', `/meeting/superAdmin/${b.id}`, { token: poc });
    expect(byPoc.statusCode).toBe(403);
    const byAdmin = await call(ctx, 'DELETE', `/meeting/superAdmin/${b.id}`, { token: admin });
    expect(byAdmin.statusCode).toBe(200);
    const c = await upload('admin-deletes-2.mp4');
    expect((await call(ctx, 'DELETE', `/meeting/${c.id}`, { token: admin })).statusCode).toBe(200);
    expect((await call(ctx, 'DELETE', `/meeting/not-a-uuid`, { token: admin })).statusCode).toBe(
      404,
    );
  });
});
