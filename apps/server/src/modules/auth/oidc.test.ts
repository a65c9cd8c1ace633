import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, json, type TestContext } from '../../test/context.js';

/**
 * A real OpenID provider (oidc-provider with its development login and consent pages) on
 * 127.0.0.1, driven with fetch the way a browser would; our app runs through inject.
 */
const PUBLIC_URL = 'http://localhost:8080';
const callbackFor = (p: string) => `${PUBLIC_URL}/api/v1/auth/oidc/${p}/callback`;
const POC = 'poc@acme.parley.local';

/** The login name typed at the provider decides which claims it hands out. */
function claimsFor(id: string): Record<string, unknown> {
  if (id.startsWith('upn:')) return { sub: id, preferred_username: id.slice(4) };
  if (id.startsWith('unverified:')) return { sub: id, email: id.slice(11), email_verified: false };
  return { sub: id, email: id, email_verified: true, name: 'Test Person' };
}

/** `seen`: paths requested at the provider, to tell which endpoints the app used. */
type Idp = { issuer: string; seen: string[]; close: () => Promise<void> };

/**
 * `conformIdTokenClaims: true` (oidc-provider's default) keeps the e-mail out of the ID token
 * so the app must read UserInfo; `false` puts it in the ID token as Google does.
 */
async function startIdp(conformIdTokenClaims: boolean): Promise<Idp> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = (name: string) => ({
    client_id: `${name}-client`,
    client_secret: `${name}-secret-${name}-secret`,
    redirect_uris: [callbackFor(name)],
    token_endpoint_auth_method: 'client_secret_post' as const,
  });
  const provider = new Provider(issuer, {
    clients: [client('google'), client('microsoft')],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    conformIdTokenClaims,
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    cookies: { keys: ['oidc-test-cookie-key'] },
    findAccount: async (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: async () => ({ sub: id, ...claimsFor(id) }),
    }),
  });
  const seen: string[] = [];
  const handle = provider.callback();
  server.on('request', (req, res) => {
    seen.push(req.url ?? '');
    handle(req, res);
  });
  const close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return { issuer, seen, close };
}

let google: Idp;
let microsoft: Idp;
let ctx: TestContext;

beforeAll(async () => {
  [google, microsoft] = await Promise.all([startIdp(true), startIdp(false)]);
  ctx = await createTestContext({
    env: {
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret-google-secret',
      GOOGLE_ISSUER: google.issuer,
      MICROSOFT_CLIENT_ID: 'microsoft-client',
      MICROSOFT_CLIENT_SECRET: 'microsoft-secret-microsoft-secret',
      MICROSOFT_ISSUER: microsoft.issuer,
      OIDC_ALLOW_HTTP: 'true',
      PUBLIC_URL,
    },
  });
});

afterAll(async () => {
  await ctx?.close();
  await Promise.all([google?.close(), microsoft?.close()]);
});

/** Where the app sends the browser (the provider's authorization endpoint) and the flow cookie. */
async function start(provider: string, returnTo = '') {
  const url = `/api/v1/auth/oidc/${provider}/start?returnTo=${encodeURIComponent(returnTo)}`;
  const res = await ctx.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(302);
  const flow = res.cookies.find((c) => c.name === 'parley_oidc');
  if (!flow) throw new Error('no flow cookie');
  return {
    authorizeUrl: new URL(String(res.headers.location)),
    cookie: `parley_oidc=${flow.value}`,
  };
}

/**
 * Logs in at the provider as `login` and consents (or cancels at the login page), following
 * redirects by hand with a cookie jar, and returns the URL the provider sends back to us.
 */
async function atProvider(authorizeUrl: URL, login: string, cancel = false): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const send = async (url: string, form?: Record<string, string>) => {
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: cookieHeader(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return res;
  };

  let res = await send(authorizeUrl.href);
  for (let hop = 0; hop < 12; hop += 1) {
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider answered ${res.status}: ${await res.text()}`);
    const next = new URL(location, authorizeUrl);
    if (next.origin === PUBLIC_URL) return next;
    await res.arrayBuffer();
    if (!next.pathname.startsWith('/interaction/')) {
      res = await send(next.href);
      continue;
    }
    const page = await (await send(next.href)).text();
    const form: Record<string, string> = page.includes('value="login"')
      ? { prompt: 'login', login }
      : { prompt: 'consent' };
    res = await (cancel ? send(`${next.href}/abort`) : send(next.href, form));
  }
  throw new Error('too many redirects at the provider');
}

const callback = (url: URL, cookie?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `${url.pathname}${url.search}`,
    headers: cookie ? { cookie } : {},
  });

/** Where a redirect to the sign-in page points, with its query decoded. */
function signinRedirect(res: { statusCode: number; headers: Record<string, unknown> }) {
  expect(res.statusCode).toBe(302);
  const to = new URL(String(res.headers.location));
  expect(`${to.origin}${to.pathname}`).toBe(`${PUBLIC_URL}/signin`);
  return to.searchParams;
}

const refresh = (userId: string, refreshCookie: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh-credentials',
    payload: { userId },
    headers: { cookie: `parley_refresh=${refreshCookie}` },
  });

describe('Google and Microsoft sign-in', () => {
  it('reports the configured providers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/providers' });
    expect(json(res)).toEqual({ google: true, microsoft: true });
  });

  it('starts an authorization code flow with PKCE, state and nonce', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/oidc/google/start' });
    expect(res.statusCode).toBe(302);
    const to = new URL(String(res.headers.location));
    expect(`${to.origin}${to.pathname}`).toBe(`${google.issuer}/auth`);
    const q = Object.fromEntries(to.searchParams);
    expect(q).toMatchObject({
      client_id: 'google-client',
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: callbackFor('google'),
      code_challenge_method: 'S256',
    });
    expect(q.code_challenge).toMatch(/^[\w-]{43}$/);
    expect(q.state).toBeTruthy();
    expect(q.nonce).toBeTruthy();
    const flow = res.cookies.find((c) => c.name === 'parley_oidc');
    expect(flow).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/v1/auth/oidc' });
    expect(flow?.maxAge).toBe(600);
    // Encrypted: nothing of the flow is readable in the cookie.
    expect(flow?.value).not.toContain(q.state);
  });

  it('signs a known Google address in and records the provider on the session', async () => {
    const { authorizeUrl, cookie } = await start('google');
    const back = await atProvider(authorizeUrl, POC);
    google.seen.length = 0;
    const res = await callback(back, cookie);
    const params = signinRedirect(res);
    // This provider keeps the address out of the ID token, so it came from UserInfo.
    expect(google.seen.some((p) => p.startsWith('/me'))).toBe(true);
    expect(params.get('sso')).toBe('google');
    const userId = params.get('userId') ?? '';
    expect(userId).toMatch(/^[0-9a-f-]{36}$/);

    const refreshCookie = res.cookies.find((c) => c.name === 'parley_refresh');
    expect(refreshCookie).toMatchObject({ httpOnly: true, path: '/api/v1/auth' });
    expect(res.cookies.find((c) => c.name === 'parley_oidc')?.value).toBe('');

    const refreshed = await refresh(userId, refreshCookie?.value ?? '');
    expect(refreshed.statusCode).toBe(200);
    expect(json(refreshed)).toMatchObject({ authProvider: 'google', user: { email: POC } });

    // The same code and cookie cannot be used twice.
    const replay = signinRedirect(await callback(back, cookie));
    expect(replay.get('ssoError')).toBe(
      'Google sign-in failed. Please try again or sign in with an e-mail code.',
    );
  });

  it('accepts the Microsoft sign-in name when no email claim is sent, and keeps returnTo', async () => {
    const { authorizeUrl, cookie } = await start('microsoft', '/meetings/42?tab=notes');
    const back = await atProvider(authorizeUrl, `upn:${POC}`);
    microsoft.seen.length = 0;
    const res = await callback(back, cookie);
    const params = signinRedirect(res);
    // The sign-in name was in the ID token, so UserInfo was not needed.
    expect(microsoft.seen.some((p) => p.startsWith('/me'))).toBe(false);
    expect(params.get('sso')).toBe('microsoft');
    expect(params.get('returnTo')).toBe('/meetings/42?tab=notes');
    const refreshCookie = res.cookies.find((c) => c.name === 'parley_refresh')?.value ?? '';
    const refreshed = await refresh(params.get('userId') ?? '', refreshCookie);
    expect(json(refreshed)).toMatchObject({ authProvider: 'microsoft' });
  });

  it('explains an address with no account', async () => {
    const { authorizeUrl, cookie } = await start('google');
    const res = await callback(await atProvider(authorizeUrl, 'nobody@elsewhere.example'), cookie);
    expect(signinRedirect(res).get('ssoError')).toBe(
      'No Parley account uses nobody@elsewhere.example. Check that you chose the right Google account, or sign up.',
    );
    expect(res.cookies.find((c) => c.name === 'parley_refresh')).toBeUndefined();
  });

  it('refuses an address the provider marks unverified', async () => {
    const { authorizeUrl, cookie } = await start('google');
    const res = await callback(await atProvider(authorizeUrl, `unverified:${POC}`), cookie);
    expect(signinRedirect(res).get('ssoError')).toBe(
      'Google did not share a verified e-mail address with Parley. Sign in with an e-mail code instead.',
    );
  });

  it('explains a cancelled sign-in', async () => {
    const { authorizeUrl, cookie } = await start('google');
    const back = await atProvider(authorizeUrl, POC, true);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(signinRedirect(await callback(back, cookie)).get('ssoError')).toBe(
      'Google sign-in was canceled. Try again or sign in with an e-mail code.',
    );
  });

  it('refuses a tampered state, a tampered or missing cookie, and an expired flow', async () => {
    const { authorizeUrl, cookie } = await start('google');
    const back = await atProvider(authorizeUrl, POC);
    const invalid = 'This Google sign-in could not be verified. Please start again.';
    const expired =
      'Your Google sign-in took too long or was started in another browser. Please try again.';

    const tampered = new URL(back);
    tampered.searchParams.set('state', 'forged-state');
    expect(signinRedirect(await callback(tampered, cookie)).get('ssoError')).toBe(invalid);
    const flipped = cookie.slice(0, -2) + (cookie.at(-2) === 'A' ? 'B' : 'A') + cookie.slice(-1);
    expect(signinRedirect(await callback(back, flipped)).get('ssoError')).toBe(invalid);
    expect(signinRedirect(await callback(back)).get('ssoError')).toBe(expired);
    // A cookie from the Google flow does not finish a Microsoft one.
    const elsewhere = new URL(back.href.replace('/google/', '/microsoft/'));
    expect(signinRedirect(await callback(elsewhere, cookie)).get('ssoError')).toBe(
      'This Microsoft sign-in could not be verified. Please start again.',
    );

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 11 * 60_000);
      expect(signinRedirect(await callback(back, cookie)).get('ssoError')).toBe(expired);
    } finally {
      vi.useRealTimers();
    }
    // None of the above used up the flow: untouched, it still signs in.
    expect(signinRedirect(await callback(back, cookie)).get('sso')).toBe('google');
  });
});
