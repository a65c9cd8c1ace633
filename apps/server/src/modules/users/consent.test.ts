import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@parley/contracts';
import { ctx, useTestApp } from '../../test/app-kit.js';
import { call, json, signIn, signUp } from '../../test/context.js';

useTestApp();

const consent = (token: string, payload: unknown = { b2cConsent: true }) =>
  call(ctx, 'POST', '/b2c/user/consent', { token, payload });
const me = async (token: string) =>
  json<SessionUser>(await call(ctx, 'GET', '/auth/me', { token }));

describe('B2C consent', () => {
  it('is saved for the individual (B2CUSER) user and shows in /auth/me and the next sign-in', async () => {
    const s = await signIn(ctx, 'seeker@parley.local');
    expect(s.user.b2cConsent).toBe(false);
    const res = await consent(s.accessToken);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ b2cConsent: true });
    expect((await me(s.accessToken)).b2cConsent).toBe(true);
    expect((await signIn(ctx, 'seeker@parley.local')).user.b2cConsent).toBe(true);
  });

  it('works for a freshly signed-up individual', async () => {
    const s = await signUp(ctx, 'fresh-seeker@example.com', { accountType: 'individual' });
    expect(s.user.b2cConsent).toBe(false);
    expect(json(await consent(s.accessToken))).toEqual({ b2cConsent: true });
  });

  it('is refused with 400 for a user who is not a B2C individual', async () => {
    for (const email of ['user@acme.parley.local', 'admin@parley.local']) {
      const s = await signIn(ctx, email);
      const res = await consent(s.accessToken);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: 'Consent applies to individual talent-pool accounts only',
      });
      expect((await me(s.accessToken)).b2cConsent).toBe(false);
    }
  });

  it('must be b2cConsent: true, and needs a bearer token', async () => {
    const s = await signUp(ctx, 'undecided@example.com', { accountType: 'individual' });
    for (const payload of [{ b2cConsent: false }, {}]) {
      const res = await consent(s.accessToken, payload);
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    const anonymous = await call(ctx, 'POST', '/b2c/user/consent', {
      payload: { b2cConsent: true },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await me(s.accessToken)).b2cConsent).toBe(false);
  });
});
