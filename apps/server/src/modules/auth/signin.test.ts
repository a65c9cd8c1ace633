import { describe, expect, it } from 'vitest';
import { json, signIn } from '../../test/context.js';
import { ctx, useTestApp } from '../../test/app-kit.js';

useTestApp();

describe('sign-in by one-time code', () => {
  it('mails a six-digit code and signs in with it', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/request-signin',
      payload: { email: 'POC@acme.parley.local' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).not.toHaveProperty('plan');
    const code = ctx.lastCode('poc@acme.parley.local');
    expect(code).toMatch(/^\d{6}$/);

    const verify = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-signin',
      payload: { email: 'poc@acme.parley.local', code },
    });
    expect(verify.statusCode).toBe(200);
    const body = json<{ accessToken: string; user: { role: string; email: string } }>(verify);
    expect(body.user).toMatchObject({ role: 'poc', email: 'poc@acme.parley.local' });
    const cookie = verify.cookies.find((c) => c.name === 'parley_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/auth' });

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${body.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(json(me).email).toBe('poc@acme.parley.local');
  });

  it('ends the first session when the user signs in elsewhere', async () => {
    const first = await signIn(ctx, 'user@acme.parley.local');
    const second = await signIn(ctx, 'user@acme.parley.local');

    const check = (cookie: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/check-session',
        payload: { email: 'user@acme.parley.local' },
        headers: { cookie },
      });
    const ended = await check(first.cookie);
    expect(ended.statusCode).toBe(401);
    expect(json(ended).message).toBe(
      'Your account has been logged in on a different device. This session has been ended',
    );
    expect((await check(second.cookie)).statusCode).toBe(200);

    const oldToken = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${first.accessToken}` },
    });
    expect(oldToken.statusCode).toBe(401);
  });
});
