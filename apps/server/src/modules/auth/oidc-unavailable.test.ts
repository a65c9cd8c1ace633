import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, json, type TestContext } from '../../test/context.js';

let ctx: TestContext;
beforeAll(async () => {
  // Nothing listens on loopback port 9, so discovery fails at once. The app must still
  // start: discovery only runs when someone clicks "Continue with Google".
  ctx = await createTestContext({
    env: {
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER: 'http://127.0.0.1:9',
      OIDC_ALLOW_HTTP: 'true',
      PUBLIC_URL: 'http://localhost:8080',
    },
  });
});
afterAll(async () => ctx?.close());

describe('sign-in providers that are missing or down', () => {
  it('reports only the configured provider and 404s the others in the standard shape', async () => {
    const providers = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(json(providers)).toEqual({ google: true, microsoft: false });
    for (const url of [
      '/api/v1/auth/oidc/microsoft/start',
      '/api/v1/auth/oidc/microsoft/callback?code=x&state=y',
      '/api/v1/auth/oidc/github/start',
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(json(res)).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'This sign-in provider is not available on this server.',
      });
    }
  });

  it('sends the user back with a clear message when the provider cannot be reached', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/oidc/google/start' });
    expect(res.statusCode).toBe(302);
    const to = new URL(String(res.headers.location));
    expect(`${to.origin}${to.pathname}`).toBe('http://localhost:8080/signin');
    expect(to.searchParams.get('ssoError')).toBe(
      'Google sign-in is unavailable right now. Please try again in a few minutes or sign in with an e-mail code.',
    );
    expect(res.cookies.find((c) => c.name === 'parley_oidc')).toBeUndefined();
  });
});
