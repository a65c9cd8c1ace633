import { describe, expect, it } from 'vitest';
import { call, json, signIn } from '../../test/context.js';
import { ctx, useTestApp } from '../../test/app-kit.js';

useTestApp();

const UNAUTHORIZED = { statusCode: 401, error: 'Unauthorized', message: 'Please log in again' };

describe('protected routes', () => {
  it('answer 401 in the error shape without a bearer token', async () => {
    const res = await call(ctx, 'GET', '/auth/me');
    expect(res.statusCode).toBe(401);
    expect(json(res)).toEqual(UNAUTHORIZED);
    const consent = await call(ctx, 'POST', '/b2c/user/consent', { payload: { b2cConsent: true } });
    expect(json(consent)).toEqual(UNAUTHORIZED);
  });

  it('answer 401 for a malformed, forged or non-bearer token', async () => {
    const { accessToken } = await signIn(ctx, 'user@acme.parley.local');
    const [header, payload] = accessToken.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
        role: 'superadmin',
      }),
    ).toString('base64url');
    const forged = `${header}.${forgedPayload}.${accessToken.split('.')[2]}`;
    for (const authorization of [
      'Bearer not-a-token',
      `Bearer ${forged}`,
      `Bearer ${accessToken.slice(0, -2)}xx`,
      `Basic ${accessToken}`,
      accessToken,
    ]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: { authorization },
      });
      expect(res.statusCode, authorization.slice(0, 12)).toBe(401);
      expect(json(res)).toEqual(UNAUTHORIZED);
    }
    expect((await call(ctx, 'GET', '/auth/me', { token: accessToken })).statusCode).toBe(200);
  });

  it('answer 401 once the access token is older than ACCESS_TOKEN_TTL_SECONDS', async () => {
    const { accessToken, user, cookie } = await signIn(ctx, 'manager@acme.parley.local');
    const ttlMs = ctx.config.env.ACCESS_TOKEN_TTL_SECONDS * 1000;
    ctx.clock.advance(ttlMs - 30_000);
    expect((await call(ctx, 'GET', '/auth/me', { token: accessToken })).statusCode).toBe(200);
    ctx.clock.advance(60_000);
    const expired = await call(ctx, 'GET', '/auth/me', { token: accessToken });
    expect(expired.statusCode).toBe(401);
    expect(json(expired)).toEqual(UNAUTHORIZED);

    // The session itself lives on: the refresh cookie gets a fresh token.
    const refreshed = await call(ctx, 'POST', '/auth/refresh-credentials', {
      payload: { userId: user.id },
      cookie,
    });
    expect(refreshed.statusCode).toBe(200);
    const fresh = json<{ accessToken: string }>(refreshed).accessToken;
    expect(fresh).not.toBe(accessToken);
    expect((await call(ctx, 'GET', '/auth/me', { token: fresh })).statusCode).toBe(200);
  });
});

/** A POST whose JSON body is cut off: the parser refuses it (call() would send it whole). */
const postBrokenJson = (path: string, payload: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    headers: { 'content-type': 'application/json' },
    payload,
  });

describe('errors', () => {
  it('answer validation failures with 400 in the error shape', async () => {
    const cases = [
      call(ctx, 'POST', '/auth/request-signin', { payload: {} }),
      call(ctx, 'POST', '/auth/request-signin', { payload: { email: 42 } }),
      call(ctx, 'POST', '/auth/refresh-credentials', { payload: { userId: 'not-a-uuid' } }),
      call(ctx, 'POST', '/auth/check-session'),
      postBrokenJson('/auth/request-signin', '{"email":'),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(400);
      const body = json(res);
      expect(Object.keys(body).sort()).toEqual(['error', 'message', 'statusCode']);
      expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(String(body.message).length).toBeGreaterThan(0);
    }
  });

  it('answer an unknown /api/v1 path with 404', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await call(ctx, method, '/no/such/thing');
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'The requested resource could not be found',
      });
    }
  });
});

describe('the order of checks', () => {
  it('authenticates before validating the body (Azure configuration, transcript correction)', async () => {
    const id = crypto.randomUUID();
    const cases = [
      call(ctx, 'POST', '/azure/configuration', { payload: { accountName: 42 } }),
      call(ctx, 'PATCH', '/azure/configuration', { payload: [] }),
      call(ctx, 'PATCH', `/transcription/zai-insights-dashboard/${id}`, { payload: {} }),
      call(ctx, 'PATCH', `/transcription/not-a-dashboard/${id}`, { payload: { words: 'x' } }),
      // The multipart chunk route, outside registerRoute, checks in the same order.
      call(ctx, 'POST', '/integration/local/upload-chunk?uploadId=not-a-uuid'),
      postBrokenJson('/azure/configuration', '{"broken":'),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual(UNAUTHORIZED);
    }
  });
});

describe('text the database cannot store', () => {
  const signup = (over: Record<string, string>) =>
    call(ctx, 'POST', '/auth/request-signup', {
      payload: {
        email: 'new.person@example.com',
        firstName: 'New',
        lastName: 'Person',
        accountType: 'team',
        organizationName: 'New Org',
        ...over,
      },
    });

  it('answers a NUL byte or a lone surrogate anywhere with 400 (request-signup was a 500)', async () => {
    const { accessToken } = await signIn(ctx, 'poc@acme.parley.local');
    const cases = [
      signup({ firstName: 'a\ud800' }),
      signup({ lastName: '\udc00' }),
      signup({ organizationName: 'Acme\u0000' }),
      call(ctx, 'GET', '/meeting/user?search=a%00b', { token: accessToken }),
      call(ctx, 'GET', '/prompt/getByTag/a%00b', { token: accessToken }),
      call(ctx, 'POST', '/meeting/from-link', {
        token: accessToken,
        payload: { meetingLink: 'https://meet.example.com/x', meetingName: 'a\u0000' },
      }),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(400);
      expect(json(res)).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(String(json(res).message)).toMatch(/NUL character or an unpaired surrogate/);
    }
    // A paired surrogate (an emoji) is ordinary text.
    expect((await signup({ firstName: 'Zoë 😀' })).statusCode).toBe(200);
  });

  it('answers a path the router cannot decode or hold in the error shape', async () => {
    const { accessToken } = await signIn(ctx, 'poc@acme.parley.local');
    for (const [path, status] of [
      ['/meeting/%C0%80', 400],
      ['/meeting/%ED%A0%80', 400],
      [`/meeting/${'x'.repeat(500)}`, 414],
    ] as const) {
      const res = await call(ctx, 'GET', path, { token: accessToken });
      expect(res.statusCode).toBe(status);
      const body = json(res);
      expect(Object.keys(body).sort()).toEqual(['error', 'message', 'statusCode']);
      expect(body.statusCode).toBe(status);
    }
  });
});
