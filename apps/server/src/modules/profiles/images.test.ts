import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROFILE_MESSAGES as M,
  type OrganizationProfile,
  type SessionUser,
} from '@parley/contracts';
import { call, json, signIn, signUp, type SignedIn } from '../../test/context.js';
import { createMediaContext, derived, ffmpeg, getMedia } from '../../test/media.js';

let ctx: Awaited<ReturnType<typeof createMediaContext>>;
let poc: SignedIn;
let user: SignedIn;
beforeAll(async () => {
  ctx = await createMediaContext();
  poc = await signIn(ctx, 'poc@acme.parley.local');
  user = await signIn(ctx, 'user@acme.parley.local');
});
afterAll(async () => ctx.close());

/** A 640×360 picture, red above blue, in the format of `ext`, made by ffmpeg once per run. */
function picture(ext: 'png' | 'jpg' | 'bmp' | 'gif' | 'webp' | 'tiff'): Buffer {
  const file = derived(`profile-red-over-blue.${ext}`, (out) =>
    ffmpeg([
      ...['-f', 'lavfi', '-i', 'color=red:s=640x180', '-f', 'lavfi', '-i', 'color=blue:s=640x180'],
      ...['-filter_complex', 'vstack', '-frames:v', '1', out],
    ]),
  );
  return readFileSync(file);
}

/** multipart/form-data with one file part, as a browser's FormData sends it. */
function imageForm(body: Buffer, filename: string, type = 'application/octet-stream') {
  const boundary = `----parley${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
    `Content-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), body, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(
  path: '/user/image' | '/organization/image',
  token: string,
  form = imageForm(picture('png'), 'me.png'),
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    headers: { ...form.headers, authorization: `Bearer ${token}` },
    payload: form.payload,
  });
}

/** The colour at the top and at the bottom of the served square. */
async function topAndBottom(bytes: Buffer) {
  const { data, info } = await sharp(bytes)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (y: number) => [
    ...data.subarray((y * info.width + 128) * 3, (y * info.width + 128) * 3 + 3),
  ];
  return { info, top: at(10), bottom: at(info.height - 10) };
}

const isRed = ([r, g, b]: number[]) => r! > 200 && g! < 60 && b! < 60;
const isBlue = ([r, g, b]: number[]) => r! < 60 && g! < 60 && b! > 200;

describe('POST user/image', () => {
  const formats = [
    ['png', 'image/png'],
    ['jpg', 'image/jpeg'],
    ['bmp', 'image/bmp'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
    ['tiff', 'image/tiff'],
  ] as const;
  for (const [ext, type] of formats) {
    it(`takes a ${ext.toUpperCase()} and serves it as a 256×256 square, upright`, async () => {
      const res = await upload(
        '/user/image',
        user.accessToken,
        imageForm(picture(ext), `me.${ext}`, type),
      );
      expect(res.statusCode, res.body).toBe(200);
      const link = json<SessionUser>(res).profileImageUrl;
      expect(link).toMatch(/^\/api\/v1\/profile-images\/user\/[0-9a-f-]{36}\?v=/);
      const image = await getMedia(ctx, link!);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      const { info, top, bottom } = await topAndBottom(image.rawPayload);
      expect([info.width, info.height]).toEqual([256, 256]);
      expect(isRed(top), `top ${top}`).toBe(true);
      expect(isBlue(bottom), `bottom ${bottom}`).toBe(true);
    });
  }

  it('takes an AVIF too', async () => {
    const avif = await sharp(picture('png')).avif().toBuffer();
    const res = await upload('/user/image', user.accessToken, imageForm(avif, 'me.avif'));
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a file that is not a picture with a message saying what to upload', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>');
    for (const [bytes, name] of [
      [Buffer.from('%PDF-1.4 not a picture'), 'cv.pdf'],
      [Buffer.from('hello'), 'me.png'],
      [svg, 'me.svg'],
      [picture('png').subarray(0, 200), 'cut.png'],
    ] as const) {
      const res = await upload('/user/image', user.accessToken, imageForm(bytes, name));
      expect(res.statusCode, name).toBe(400);
      expect(json(res)).toEqual({ statusCode: 400, error: 'Bad Request', message: M.notAnImage });
    }
  });

  it('refuses a file over 5 MB with 413 and the limit in the message', async () => {
    const big = Buffer.concat([picture('png'), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload('/user/image', user.accessToken, imageForm(big, 'big.png'));
    expect(res.statusCode).toBe(413);
    expect(json(res).message).toBe(M.tooLarge);
  });

  it('refuses a request without a file, and one without a session', async () => {
    const noForm = await call(ctx, 'POST', '/user/image', { token: user.accessToken, payload: {} });
    expect(noForm.statusCode).toBe(400);
    expect(json(noForm).message).toBe(M.noFile);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/image',
      ...imageForm(picture('png'), 'me.png'),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('replacing or removing the picture ends its old links and deletes its file', async () => {
    const first = json<SessionUser>(await upload('/user/image', user.accessToken)).profileImageUrl!;
    const second = json<SessionUser>(
      await upload('/user/image', user.accessToken),
    ).profileImageUrl!;
    const storedFile = (link: string) => {
      const v = new URL(link, 'http://x').searchParams.get('v') ?? '';
      const folder = path.join(ctx.mediaDir, user.user.organizationId, 'profile-images');
      return path.join(folder, `user-${user.user.id}`, `${v}.webp`);
    };
    expect(existsSync(storedFile(first))).toBe(false);
    expect(existsSync(storedFile(second))).toBe(true);
    expect(second).not.toBe(first);
    expect((await getMedia(ctx, first)).statusCode).toBe(404);
    expect((await getMedia(ctx, second)).statusCode).toBe(200);
    const me = await call(ctx, 'GET', '/auth/me', { token: user.accessToken });
    expect(json<SessionUser>(me).profileImageUrl).toBe(second);

    const removed = await call(ctx, 'POST', '/user/deleteimage', { token: user.accessToken });
    expect(removed.statusCode).toBe(200);
    expect(json<SessionUser>(removed).profileImageUrl).toBeNull();
    expect((await getMedia(ctx, second)).statusCode).toBe(404);
    expect(existsSync(storedFile(second))).toBe(false);
  });

  it('keeps the picture in the organisation’s store and serves it only through a signed link', async () => {
    const link = json<SessionUser>(await upload('/user/image', user.accessToken)).profileImageUrl!;
    const url = new URL(link, 'http://x');
    const v = url.searchParams.get('v')!;
    const stored = path.join(
      ctx.mediaDir,
      user.user.organizationId,
      'profile-images',
      `user-${user.user.id}`,
      `${v}.webp`,
    );
    expect(existsSync(stored)).toBe(true);

    const forged = link.replace(/token=[0-9a-f]{4}/, 'token=0000');
    const unsigned = `${url.pathname}?v=${v}`;
    const otherUser = link.replace(user.user.id, poc.user.id);
    for (const bad of [forged, unsigned, otherUser]) {
      const res = await getMedia(ctx, bad);
      expect(res.statusCode, bad).toBe(403);
      expect(json(res).message).toBe(M.imageLinkInvalid);
    }
  });
});

describe('organisation logo', () => {
  it('the point of contact sets it; it shows in every member’s session, and goes again', async () => {
    const res = await upload(
      '/organization/image',
      poc.accessToken,
      imageForm(picture('jpg'), 'logo.jpg'),
    );
    expect(res.statusCode, res.body).toBe(200);
    const logo = json<OrganizationProfile>(res).organizationProfileUrl!;
    expect(logo).toMatch(/^\/api\/v1\/profile-images\/organization\//);
    const member = json<SessionUser>(
      await call(ctx, 'GET', '/auth/me', { token: user.accessToken }),
    );
    expect(member.organization.organizationProfileUrl).toBe(logo);
    const image = await getMedia(ctx, logo);
    expect((await topAndBottom(image.rawPayload)).info.width).toBe(256);

    const removed = await call(ctx, 'POST', '/organization/deleteimage', {
      token: poc.accessToken,
    });
    expect(json<OrganizationProfile>(removed).organizationProfileUrl).toBeNull();
    expect((await getMedia(ctx, logo)).statusCode).toBe(404);
  });

  it('is refused to a plain user with 403', async () => {
    const up = await upload('/organization/image', user.accessToken);
    expect(up.statusCode).toBe(403);
    const del = await call(ctx, 'POST', '/organization/deleteimage', { token: user.accessToken });
    expect(del.statusCode).toBe(403);
  });

  it('of another organisation never shows in this one', async () => {
    const other = await signUp(ctx, 'owner@elsewhere.example', { organizationName: 'Elsewhere' });
    await upload('/organization/image', other.accessToken);
    const acme = json<SessionUser>(await call(ctx, 'GET', '/auth/me', { token: poc.accessToken }));
    expect(acme.organization.organizationProfileUrl ?? '').not.toContain(other.user.organizationId);
  });
});

// Last: moving the clock on ends the sessions above too.
it('a picture link expires within a day', async () => {
  const link = json<SessionUser>(await upload('/user/image', user.accessToken)).profileImageUrl!;
  ctx.clock.advance(13 * 3600 * 1000);
  const res = await getMedia(ctx, link);
  expect(res.statusCode).toBe(403);
});
