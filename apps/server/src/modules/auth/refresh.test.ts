import { describe, expect, it } from 'vitest';
import type { AuthSuccess } from '@parley/contracts';
import { call, json, signIn } from '../../test/context.js';
import { ctx, useTestApp } from '../../test/app-kit.js';

useTestApp();

const refresh = (userId: string, cookie?: string) =>
  call(ctx, 'POST', '/auth/refresh-credentials', { payload: { userId }, cookie });
const PLEASE_LOG_IN = { statusCode: 401, error: 'Unauthorized', message: 'Please log in again' };

describe('the refresh cookie', () => {
  it('is HttpOnly, SameSite=Lax, limited to /api/v1/auth, and lasts SESSION_TTL_DAYS', async () => {
    const { setCookie } = await signIn(ctx, 'admin@parley.local');
    expect(setCookie).toMatchObject({
      name: 'parley_refresh',
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/v1/auth',
      maxAge: ctx.config.env.SESSION_TTL_DAYS * 24 * 3600,
    });
    // Served over plain http in tests, so not Secure.
    expect(setCookie.secure).toBeFalsy();
  });
});

describe('refresh-credentials', () => {
  it('gives a new access token for the cookie and its user', async () => {
    const first = await signIn(ctx, 'poc@acme.parley.local');
    ctx.clock.advance(60_000);
    const res = await refresh(first.user.id, first.cookie);
    expect(res.statusCode).toBe(200);
    const body = json<AuthSuccess>(res);
    expect(body.user).toMatchObject({
      id: first.user.id,
      email: 'poc@acme.parley.local',
      role: 'poc',
    });
    expect(body.authProvider).toBe('plain');
    expect(body.accessToken).not.toBe(first.accessToken);
    expect(res.cookies.find((c) => c.name === 'parley_refresh')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/v1/auth',
    });

    // The new token outlives the old one.
    ctx.clock.advance(ctx.config.env.ACCESS_TOKEN_TTL_SECONDS * 1000 - 30_000);
    expect((await call(ctx, 'GET', '/auth/me', { token: first.accessToken })).statusCode).toBe(401);
    expect((await call(ctx, 'GET', '/auth/me', { token: body.accessToken })).statusCode).toBe(200);
  });

  it("refuses another user's id with 401", async () => {
    const mine = await signIn(ctx, 'user@acme.parley.local');
    const other = await signIn(ctx, 'rep@acme.parley.local');
    const res = await refresh(other.user.id, mine.cookie);
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual(PLEASE_LOG_IN);
    expect(res.cookies.find((c) => c.name === 'parley_refresh' && c.value)).toBeUndefined();
  });

  it('refuses a request without the cookie with 401', async () => {
    const { user } = await signIn(ctx, 'seeker@parley.local');
    const res = await refresh(user.id);
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual(PLEASE_LOG_IN);
  });

  it('refuses a tampered cookie with 401', async () => {
    const { user, cookie } = await signIn(ctx, 'manager@acme.parley.local');
    const value = cookie.slice('parley_refresh='.length);
    const [sessionId, token = ''] = value.split('.');
    const flip = (s: string) => s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
    const tampered = [
      `${sessionId}.${flip(token)}`,
      `${sessionId}.`,
      `00000000-0000-4000-8000-000000000000.${token}`,
      token,
      'garbage',
    ];
    for (const bad of tampered) {
      const res = await refresh(user.id, `parley_refresh=${bad}`);
      expect(res.statusCode, bad).toBe(401);
      expect(json(res)).toEqual(PLEASE_LOG_IN);
    }
    // The real cookie still works.
    expect((await refresh(user.id, cookie)).statusCode).toBe(200);
  });

  it('refuses the cookie of a session ended by a sign-in elsewhere', async () => {
    const email = 'admin@parley.local';
    const here = await signIn(ctx, email, '10.1.1.1');
    const elsewhere = await signIn(ctx, email, '10.2.2.2');
    const res = await refresh(here.user.id, here.cookie);
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual(PLEASE_LOG_IN);
    expect((await refresh(elsewhere.user.id, elsewhere.cookie)).statusCode).toBe(200);
  });

  it('refuses a session older than SESSION_TTL_DAYS without use', async () => {
    const { user, cookie } = await signIn(ctx, 'rep@acme.parley.local');
    ctx.clock.advance(ctx.config.env.SESSION_TTL_DAYS * 24 * 3600 * 1000 + 60_000);
    expect((await refresh(user.id, cookie)).statusCode).toBe(401);
  });
});
