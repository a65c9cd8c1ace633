import { describe, expect, it } from 'vitest';
import type { AuthSuccess } from '@parley/contracts';
import { call, json, signIn } from '../../test/context.js';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { REFRESH_REUSE_GRACE_MS } from './refresh-tokens.js';

useTestApp();

const refresh = (userId: string, cookie?: string) =>
  call(ctx, 'POST', '/auth/refresh-credentials', { payload: { userId }, cookie });
const me = (token: string) => call(ctx, 'GET', '/auth/me', { token });

/** The `parley_refresh=...` a response sets, or undefined when it sets none. */
function newCookie(res: Awaited<ReturnType<typeof call>>): string | undefined {
  const c = res.cookies.find((x) => x.name === 'parley_refresh' && x.value);
  return c ? `parley_refresh=${c.value}` : undefined;
}

describe('refresh token rotation (issue 21 item 6)', () => {
  it('hands out a new refresh cookie on every use; the newest keeps working', async () => {
    const s = await signIn(ctx, 'poc@acme.parley.local');
    let cookie = s.cookie;
    const seen = new Set([cookie]);
    for (let i = 0; i < 3; i++) {
      ctx.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
      const res = await refresh(s.user.id, cookie);
      expect(res.statusCode).toBe(200);
      const next = newCookie(res);
      expect(next).toBeDefined();
      expect(seen.has(next!)).toBe(false);
      seen.add(next!);
      cookie = next!;
    }
    expect(
      (await me(json<AuthSuccess>(await refresh(s.user.id, cookie)).accessToken)).statusCode,
    ).toBe(200);
  });

  it('a reused old refresh token revokes the session: even the newest token and cookie fail', async () => {
    const s = await signIn(ctx, 'manager@acme.parley.local');
    ctx.clock.advance(60_000);
    const first = await refresh(s.user.id, s.cookie);
    expect(first.statusCode).toBe(200);
    const newest = newCookie(first)!;
    const newestToken = json<AuthSuccess>(first).accessToken;
    expect((await me(newestToken)).statusCode).toBe(200);

    // Past the grace, the retired cookie comes back: someone else holds a copy.
    ctx.clock.advance(REFRESH_REUSE_GRACE_MS + 1000);
    const reuse = await refresh(s.user.id, s.cookie);
    expect(reuse.statusCode).toBe(401);
    expect(json(reuse)).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Please log in again',
    });
    expect((await refresh(s.user.id, newest)).statusCode).toBe(401);
    expect((await me(newestToken)).statusCode).toBe(401);
    expect((await me(s.accessToken)).statusCode).toBe(401);
  });

  it('reuse of a token two rotations old also revokes the session', async () => {
    const s = await signIn(ctx, 'rep@acme.parley.local');
    ctx.clock.advance(60_000);
    const second = newCookie(await refresh(s.user.id, s.cookie))!;
    ctx.clock.advance(60_000);
    const third = await refresh(s.user.id, second);
    expect(third.statusCode).toBe(200);
    ctx.clock.advance(60_000);
    expect((await refresh(s.user.id, s.cookie)).statusCode).toBe(401);
    expect((await refresh(s.user.id, newCookie(third))).statusCode).toBe(401);
  });

  it('two refreshes racing with the same cookie (two tabs) both succeed within the grace', async () => {
    const s = await signIn(ctx, 'user@acme.parley.local');
    ctx.clock.advance(60_000);
    const [a, b] = await Promise.all([refresh(s.user.id, s.cookie), refresh(s.user.id, s.cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // Exactly one of them rotated; the other answers without touching the browser's cookie.
    const rotated = [newCookie(a), newCookie(b)].filter(Boolean);
    expect(rotated).toHaveLength(1);
    for (const res of [a, b])
      expect((await me(json<AuthSuccess>(res).accessToken)).statusCode).toBe(200);
    ctx.clock.advance(60_000);
    expect((await refresh(s.user.id, rotated[0])).statusCode).toBe(200);
  });

  it('a forged token for a live session id is refused without ending the session', async () => {
    const s = await signIn(ctx, 'seeker@parley.local');
    const sessionId = s.cookie.slice('parley_refresh='.length).split('.')[0];
    const forged = `parley_refresh=${sessionId}.${'A'.repeat(43)}`;
    expect((await refresh(s.user.id, forged)).statusCode).toBe(401);
    expect((await refresh(s.user.id, s.cookie)).statusCode).toBe(200);
  });
});

describe('logout by bearer token (issue 21 item 6)', () => {
  for (const path of [
    '/auth/logout',
    '/auth/remove-session',
    '/auth/removeGoogleSession',
    '/auth/removeMicrosoftSession',
  ]) {
    it(`${path} without the cookie ends the bearer token's session`, async () => {
      const s = await signIn(ctx, 'admin@parley.local');
      const res = await call(ctx, 'POST', path, { token: s.accessToken });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ message: 'You have been logged out successfully' });
      expect((await me(s.accessToken)).statusCode).toBe(401);
      expect((await refresh(s.user.id, s.cookie)).statusCode).toBe(401);
    });
  }

  it("a bearer token and another user's cookie end both sessions", async () => {
    const a = await signIn(ctx, 'poc@acme.parley.local');
    const b = await signIn(ctx, 'user@acme.parley.local');
    const res = await call(ctx, 'POST', '/auth/logout', { token: a.accessToken, cookie: b.cookie });
    expect(res.statusCode).toBe(200);
    expect((await me(a.accessToken)).statusCode).toBe(401);
    expect((await me(b.accessToken)).statusCode).toBe(401);
  });
});
