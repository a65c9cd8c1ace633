import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MEETING_MESSAGES, SHARING_MESSAGES, type Meeting } from '@parley/contracts';
import { publicLinks } from '../../platform/db/schema.js';
import { call, json, signIn, signUp, type TestContext, expectRefusal } from '../../test/context.js';
import { createMediaContext, fixture, getMedia, mediaDone, uploadBytes } from '../../test/media.js';

let ctx: TestContext;
let owner: string;
let rep: string;
let manager: string;
let outsider: string;
let meeting: Meeting;

type Status = { isEnabled: boolean; shareLink: string | null };
type ShareUser = { id: string; email: string; firstName: string; lastName: string };

beforeAll(async () => {
  ctx = await createMediaContext();
  owner = (await signIn(ctx, 'user@acme.parley.local')).accessToken;
  rep = (await signIn(ctx, 'rep@acme.parley.local')).accessToken;
  manager = (await signIn(ctx, 'manager@acme.parley.local')).accessToken;
  outsider = (await signUp(ctx, 'someone@elsewhere.example', { organizationName: 'Elsewhere' }))
    .accessToken;
  const video = readFileSync(fixture('small-face-wide-shot.mp4'));
  meeting = await uploadBytes(ctx, owner, 'local', 'Shared demo.mp4', video);
  meeting = await mediaDone(ctx, owner, meeting.id);
});
afterAll(async () => ctx?.close());

const share = (token: string, email: string, id = meeting.id) =>
  call(ctx, 'POST', `/share/${id}`, { token, payload: { email } });
const revoke = (token: string, email: string, id = meeting.id) =>
  call(ctx, 'POST', `/share/revoke/${id}`, { token, payload: { email } });
const sees = async (token: string) =>
  (await call(ctx, 'GET', `/meeting/${meeting.id}`, { token })).statusCode === 200;

describe('sharing with colleagues', () => {
  it('offers the people of the caller’s organisation only', async () => {
    const people = json<ShareUser[]>(await call(ctx, 'GET', '/share/org/users', { token: owner }));
    const emails = people.map((p) => p.email);
    expect(emails).toContain('rep@acme.parley.local');
    expect(emails).toContain('poc@acme.parley.local');
    expect(emails).not.toContain('user@acme.parley.local'); // not yourself
    expect(emails).not.toContain('someone@elsewhere.example');
    expect(emails).not.toContain('admin@parley.local');
    const found = json<ShareUser[]>(
      await call(ctx, 'GET', '/share/org/users?search=REP', { token: owner }),
    );
    expect(found.map((p) => p.email)).toEqual(['rep@acme.parley.local']);
  });

  it('shares, lists and revokes; the colleague sees the meeting only meanwhile', async () => {
    expect(await sees(rep)).toBe(false);
    const res = await share(owner, 'Rep@Acme.Parley.Local');
    expect(json(res)).toEqual({ message: SHARING_MESSAGES.shared });
    expect((await share(owner, 'rep@acme.parley.local')).statusCode).toBe(200); // twice is fine
    expect(await sees(rep)).toBe(true);
    const users = json<ShareUser[]>(
      await call(ctx, 'GET', `/share/users/${meeting.id}`, { token: owner }),
    );
    expect(users.map((u) => u.email)).toEqual(['rep@acme.parley.local']);
    const mine = json<{ data: Meeting[] }>(await call(ctx, 'GET', '/share', { token: rep }));
    expect(mine.data.map((m) => m.id)).toEqual([meeting.id]);
    // The meeting's signed media works for them too.
    const theirs = json<Meeting>(await call(ctx, 'GET', `/meeting/${meeting.id}`, { token: rep }));
    expect((await getMedia(ctx, theirs.imageLink ?? '')).statusCode).toBe(200);
    expect((await getMedia(ctx, theirs.storageLink ?? '', { range: 'bytes=0-9' })).statusCode).toBe(
      206,
    );

    expect(json(await revoke(owner, 'rep@acme.parley.local'))).toEqual({
      message: SHARING_MESSAGES.revoked,
    });
    expect(await sees(rep)).toBe(false);
    // The links they were given stop at once (they used to work for 12 hours or more).
    for (const link of [theirs.imageLink, theirs.storageLink]) {
      const res = await getMedia(ctx, link ?? '');
      expect(res.statusCode).toBe(403);
      expect(json(res).message).toBe(MEETING_MESSAGES.mediaLinkInvalid);
    }
    // The owner's own links are theirs, not the share's: they still work.
    const own = json<Meeting>(await call(ctx, 'GET', `/meeting/${meeting.id}`, { token: owner }));
    expect((await getMedia(ctx, own.imageLink ?? '')).statusCode).toBe(200);
    expect(json<{ count: number }>(await call(ctx, 'GET', '/share', { token: rep })).count).toBe(0);
    expect((await revoke(owner, 'rep@acme.parley.local')).statusCode).toBe(200);
  });

  it('refuses people outside the organisation, the owner, and viewers who do not manage it', async () => {
    const other = await share(owner, 'someone@elsewhere.example');
    expectRefusal(other, 404, SHARING_MESSAGES.userNotFound);
    expect((await share(owner, 'nobody@acme.parley.local')).statusCode).toBe(404);
    expect((await share(owner, 'not an address')).statusCode).toBe(400);
    expect(json(await share(owner, 'user@acme.parley.local'))).toMatchObject({
      statusCode: 400,
      message: SHARING_MESSAGES.ownerAlready,
    });
    await share(owner, 'manager@acme.parley.local');
    // A caller may look, not pass it on or manage it.
    expect((await share(manager, 'rep@acme.parley.local')).statusCode).toBe(403);
    expect(
      (await call(ctx, 'GET', `/share/public/create/${meeting.id}`, { token: manager })).statusCode,
    ).toBe(403);
    expect(
      (await call(ctx, 'GET', `/share/users/${meeting.id}`, { token: manager })).statusCode,
    ).toBe(403);
    // Someone it was never shared with: as if it did not exist.
    expect((await share(rep, 'manager@acme.parley.local')).statusCode).toBe(404);
    await revoke(owner, 'manager@acme.parley.local');
  });
});

describe('public link', () => {
  const view = (token: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/v1/public/view/${token}` });
  const status = async () =>
    json<Status>(await call(ctx, 'GET', `/share/public/status/${meeting.id}`, { token: owner }));

  it('is created, shown again, viewed without sign-in, revoked and then gone', async () => {
    expect(await status()).toEqual({ isEnabled: false, shareLink: null });
    const created = json<Status>(
      await call(ctx, 'GET', `/share/public/create/${meeting.id}`, { token: owner }),
    );
    expect(created.isEnabled).toBe(true);
    expect(created.shareLink).toMatch(/^http:\/\/localhost:8080\/public\/view\/[A-Za-z0-9_-]{43}$/);
    const token = created.shareLink?.split('/').at(-1) ?? '';
    expect(await status()).toEqual(created);
    const again = await call(ctx, 'GET', `/share/public/create/${meeting.id}`, { token: owner });
    expect(json(again)).toEqual(created);

    // At rest: neither the hash nor the sealed copy shows the token.
    const [row] = await ctx.database.db
      .select()
      .from(publicLinks)
      .where(eq(publicLinks.meetingId, meeting.id));
    expect(row?.tokenHash).not.toContain(token);
    expect(row?.tokenSealed).not.toContain(token);

    const seen = await view(token);
    expect(seen.statusCode).toBe(200);
    const body = json<{
      meetingInfo: Meeting;
      transcription: unknown[];
      wordTimestamps: unknown[];
      diarization: unknown;
      speakerTimeMapping: unknown;
    }>(seen);
    expect(body.meetingInfo).toMatchObject({
      meetingName: 'Shared demo',
      meetingCode: 'Shared demo.mp4',
      // Its analysis was queued when the upload completed.
      inferenceStatus: expect.stringMatching(/^(queued|analysing|processed)$/),
    });
    expect(body.meetingInfo).not.toHaveProperty('organizationId');
    expect(body).toMatchObject({
      transcription: [],
      wordTimestamps: [],
      diarization: null,
      speakerTimeMapping: null,
    });
    const video = await getMedia(ctx, body.meetingInfo.storageLink ?? '', { range: 'bytes=0-99' });
    expect(video.statusCode).toBe(206);
    expect(new URL(body.meetingInfo.storageLink ?? '', 'http://x').searchParams.get('sub')).toMatch(
      /^p\./,
    );

    const revoked = await call(ctx, 'GET', `/share/public/revoke/${meeting.id}`, { token: owner });
    expect(json(revoked)).toEqual({ isEnabled: false, shareLink: null });
    // Its media links die with it.
    for (const link of [body.meetingInfo.storageLink, body.meetingInfo.imageLink]) {
      expect((await getMedia(ctx, link ?? '', { range: 'bytes=0-99' })).statusCode).toBe(403);
    }
    const gone = await view(token);
    expect(gone.statusCode).toBe(404);
    expect(json(gone).message).toBe('This link is no longer available');
    expect(await status()).toEqual({ isEnabled: false, shareLink: null });

    // Enabling again makes a new link; the old one stays dead.
    const renewed = json<Status>(
      await call(ctx, 'GET', `/share/public/create/${meeting.id}`, { token: owner }),
    );
    expect(renewed.shareLink).not.toBe(created.shareLink);
    expect((await view(token)).statusCode).toBe(404);
    // ...and so do the old link's media links, signed for the link that was revoked.
    expect((await getMedia(ctx, body.meetingInfo.imageLink ?? '')).statusCode).toBe(403);
    expect((await view(renewed.shareLink?.split('/').at(-1) ?? '')).statusCode).toBe(200);
  });

  it('answers 404 for unknown and malformed tokens, and for a deleted meeting', async () => {
    for (const t of ['A'.repeat(43), 'short', '..%2F..%2Fetc']) {
      const res = await view(t);
      expect(res.statusCode).toBe(404);
      expect(json(res).message).toBe(SHARING_MESSAGES.linkUnavailable);
    }
    const other = await uploadBytes(ctx, owner, 'local', 'Temporary.mp3', Buffer.alloc(100));
    const link = json<Status>(
      await call(ctx, 'GET', `/share/public/create/${other.id}`, { token: owner }),
    );
    await call(ctx, 'DELETE', `/meeting/${other.id}`, { token: owner });
    expect((await view(link.shareLink?.split('/').at(-1) ?? '')).statusCode).toBe(404);
  });

  it('is managed by the poc too, and by nobody outside the organisation', async () => {
    const poc = (await signIn(ctx, 'poc@acme.parley.local')).accessToken;
    expect(
      (await call(ctx, 'GET', `/share/public/status/${meeting.id}`, { token: poc })).statusCode,
    ).toBe(200);
    expect(
      (await call(ctx, 'GET', `/share/public/status/${meeting.id}`, { token: outsider }))
        .statusCode,
    ).toBe(404);
  });
});
