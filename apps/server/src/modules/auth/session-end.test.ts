import { describe, expect, it } from 'vitest';
import { call, json, signIn, type SignedIn } from '../../test/context.js';
import { ctx, useTestApp } from '../../test/app-kit.js';

useTestApp();

const SESSION_ENDED =
  'Your account has been logged in on a different device. This session has been ended';
const checkSession = (email: string, cookie?: string) =>
  call(ctx, 'POST', '/auth/check-session', { payload: { email }, cookie });
const me = (token: string) => call(ctx, 'GET', '/auth/me', { token });

/** The session is over for this browser: check-session, the bearer token and the cookie are all refused. */
async function expectEnded(s: SignedIn) {
  const check = await checkSession(s.user.email, s.cookie);
  expect(check.statusCode).toBe(401);
  expect(json(check)).toEqual({ statusCode: 401, error: 'Unauthorized', message: SESSION_ENDED });
  expect((await me(s.accessToken)).statusCode).toBe(401);
  const refresh = await call(ctx, 'POST', '/auth/refresh-credentials', {
    payload: { userId: s.user.id },
    cookie: s.cookie,
  });
  expect(refresh.statusCode).toBe(401);
}

function expectCookieCleared(res: Awaited<ReturnType<typeof call>>) {
  const cleared = res.cookies.find((c) => c.name === 'parley_refresh');
  expect(cleared).toMatchObject({ value: '', path: '/api/v1/auth', httpOnly: true });
  expect(cleared?.expires && cleared.expires.getTime()).toBeLessThanOrEqual(Date.now());
}

describe('one active session per user', () => {
  it('a second sign-in ends the first one', async () => {
    const email = 'user@acme.parley.local';
    const first = await signIn(ctx, email, '10.1.0.1');
    expect((await checkSession(email, first.cookie)).statusCode).toBe(200);
    expect((await me(first.accessToken)).statusCode).toBe(200);

    const second = await signIn(ctx, email, '10.1.0.2');
    await expectEnded(first);

    const check = await checkSession(email, second.cookie);
    expect(check.statusCode).toBe(200);
    expect(json(check)).toEqual({ active: true });
    expect((await me(second.accessToken)).statusCode).toBe(200);
  });

  it("sessions of different users don't affect each other", async () => {
    const a = await signIn(ctx, 'manager@acme.parley.local');
    await signIn(ctx, 'rep@acme.parley.local');
    expect((await checkSession(a.user.email, a.cookie)).statusCode).toBe(200);
  });

  it('check-session answers 401 without a cookie, or for another address than the cookie’s', async () => {
    const s = await signIn(ctx, 'poc@acme.parley.local');
    for (const res of [
      await checkSession('poc@acme.parley.local'),
      await checkSession('user@acme.parley.local', s.cookie),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(json(res).message).toBe(SESSION_ENDED);
    }
    expect((await checkSession('POC@acme.parley.local', s.cookie)).statusCode).toBe(200);
  });
});

describe('signing out', () => {
  const cases = [
    ['logout', '/auth/logout', 'admin@parley.local'],
    ['remove-session', '/auth/remove-session', 'seeker@parley.local'],
    ['removeGoogleSession', '/auth/removeGoogleSession', 'manager@acme.parley.local'],
    ['removeMicrosoftSession', '/auth/removeMicrosoftSession', 'rep@acme.parley.local'],
  ] as const;

  for (const [name, path, email] of cases) {
    it(`${name} ends the session and clears the cookie`, async () => {
      const s = await signIn(ctx, email);
      const res = await call(ctx, 'POST', path, { cookie: s.cookie });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ message: 'You have been logged out successfully' });
      expectCookieCleared(res);
      await expectEnded(s);
    });
  }

  it('logout without a session still answers and clears the cookie', async () => {
    const res = await call(ctx, 'POST', '/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe('You have been logged out successfully');
    expectCookieCleared(res);
  });

  it('revoke-credentials ends the session of the given user', async () => {
    const s = await signIn(ctx, 'poc@acme.parley.local');
    const other = await signIn(ctx, 'user@acme.parley.local');

    const wrongUser = await call(ctx, 'POST', '/auth/revoke-credentials', {
      payload: { userId: other.user.id },
      cookie: s.cookie,
    });
    expect(wrongUser.statusCode).toBe(401);
    expect((await me(s.accessToken)).statusCode).toBe(200);

    const res = await call(ctx, 'POST', '/auth/revoke-credentials', {
      payload: { userId: s.user.id },
      cookie: s.cookie,
    });
    expect(res.statusCode).toBe(200);
    expect(typeof json(res).message).toBe('string');
    expectCookieCleared(res);
    await expectEnded(s);
    expect((await me(other.accessToken)).statusCode).toBe(200);
  });
});
