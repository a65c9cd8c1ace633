import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSecretBox } from '../secrets.js';
import type { Caller } from './caller.js';
import {
  OAUTH_FLOW_TTL_MS,
  createOAuthConnect,
  oauthFlowCookie,
  oauthReturnUrl,
  registerOAuthCallback,
  type OAuthCodeClient,
} from './oauth-connect.js';

/**
 * The rules of the shared OAuth 2 connect flow (CRM and calendars use it): what each callback
 * answer turns into, the sealed flow's binding to its purpose, provider and time, the cookie,
 * and the redirect back to the page.
 */

const PROVIDERS = ['north', 'south', 'west'] as const;
type Provider = (typeof PROVIDERS)[number];
const providerSchema = z.enum(PROVIDERS);

const messages = {
  cancelled: (p: Provider) => `cancelled ${p}`,
  failed: (p: Provider) => `failed ${p}`,
  expired: (p: Provider) => `expired ${p}`,
  notConfigured: (p: Provider) => `not configured ${p}`,
};

interface Tokens {
  accessToken: string;
}

/** A provider's client as the flow sees it: records what it was asked, refuses code "bad". */
function recordingClient(name: string) {
  const exchanged: { code: string; redirectUri: string }[] = [];
  const client: OAuthCodeClient<Tokens> = {
    authorizeUrl: ({ state, redirectUri }) =>
      `https://${name}.example/authorize?${new URLSearchParams({ state, redirect_uri: redirectUri }).toString()}`,
    async exchangeCode(input) {
      exchanged.push(input);
      if (input.code === 'bad') throw new Error('invalid_grant');
      return { accessToken: `token-for-${input.code}` };
    },
  };
  return { client, exchanged };
}

const secrets = createSecretBox('oauth-connect-test-secret-0123456789abcdef');
const caller: Caller = {
  userId: 'user-1',
  organizationId: 'org-1',
  role: 'user',
  permissions: [],
};

/** A flow as `start` seals it, for a provider `start` would not seal. */
const flowOf = (provider: string, state: string) => ({
  provider,
  organizationId: 'org-1',
  userId: 'user-1',
  state,
  expiresAt: 2e12,
});

/** The sealed value with one character of its ciphertext changed. */
function altered(sealed: string): string {
  const parts = sealed.split('.');
  const body = parts[3] ?? '';
  parts[3] = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
  return parts.join('.');
}

function setup() {
  let now = 1_700_000_000_000;
  const warnings: string[] = [];
  const north = recordingClient('north');
  const south = recordingClient('south');
  const oauth = createOAuthConnect({
    providerSchema,
    // `west` is known but has no client id and secret on this server.
    clients: { north: north.client, south: south.client },
    secrets,
    sealContext: 'test-oauth-flow',
    redirectUri: (p) => `https://parley.example/api/v1/test/${p}/callback`,
    messages,
    logLabel: 'test',
    log: { warn: (_obj, msg) => warnings.push(msg) },
    clock: () => now,
  });
  const started = oauth.start(caller, 'north');
  const state = new URL(started.url).searchParams.get('state') ?? '';
  const keep = async (done: { tokens: Tokens }) => done.tokens.accessToken;
  return {
    oauth,
    started,
    state,
    north,
    warnings,
    keep,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('starting', () => {
  it('gives the provider the state and redirect URI, and seals the flow under its context', () => {
    const { started, state } = setup();
    const url = new URL(started.url);
    expect(url.origin).toBe('https://north.example');
    expect(url.searchParams.get('redirect_uri')).toBe(
      'https://parley.example/api/v1/test/north/callback',
    );
    expect(state.length).toBeGreaterThanOrEqual(16);
    expect(started.flow).not.toContain(state);
    expect(secrets.open(started.flow, 'test-oauth-flow')).toEqual({
      provider: 'north',
      organizationId: 'org-1',
      userId: 'user-1',
      state,
      expiresAt: 1_700_000_000_000 + OAUTH_FLOW_TTL_MS,
    });
    expect(() => secrets.open(started.flow, 'another-purpose')).toThrow();
  });

  it('refuses a provider this server has no client for, with the module’s message', () => {
    const { oauth } = setup();
    expect(() => oauth.start(caller, 'west')).toThrow(
      expect.objectContaining({ statusCode: 400, message: 'not configured west' }),
    );
  });
});

describe('the callback', () => {
  it('exchanges the code once every check passes and hands the flow to the module', async () => {
    const { oauth, started, state, north, keep } = setup();
    const outcome = await oauth.complete('north', started.flow, { code: 'c1', state }, keep);
    expect(outcome).toMatchObject({
      ok: true,
      saved: 'token-for-c1',
      flow: { provider: 'north', organizationId: 'org-1', userId: 'user-1' },
    });
    expect(north.exchanged).toEqual([
      { code: 'c1', redirectUri: 'https://parley.example/api/v1/test/north/callback' },
    ]);
  });

  it('tells a sign-in the user cancelled apart from one the provider refused', async () => {
    const { oauth, started, state, north, warnings, keep } = setup();
    expect(
      await oauth.complete('north', started.flow, { error: 'access_denied', state }, keep),
    ).toEqual({ ok: false, message: 'cancelled north' });
    expect(warnings).toEqual([]);
    expect(
      await oauth.complete('north', started.flow, { error: 'server_error', state }, keep),
    ).toEqual({ ok: false, message: 'failed north' });
    expect(warnings).toEqual(['test authorisation refused']);
    expect(north.exchanged).toEqual([]);
  });

  it('calls a missing, altered, foreign or late flow expired', async () => {
    const { oauth, started, state, north, advance, keep } = setup();
    const query = { code: 'c1', state };
    const expired = { ok: false, message: 'expired north' };
    expect(await oauth.complete('north', undefined, query, keep)).toEqual(expired);
    expect(await oauth.complete('north', altered(started.flow), query, keep)).toEqual(expired);
    // Sealed for another purpose (a stored credential, say): does not open as a flow.
    const foreign = secrets.seal(secrets.open(started.flow, 'test-oauth-flow'), 'other');
    expect(await oauth.complete('north', foreign, query, keep)).toEqual(expired);
    // A provider the module does not know is not a flow either.
    const unknown = secrets.seal(flowOf('east', state), 'test-oauth-flow');
    expect(await oauth.complete('north', unknown, query, keep)).toEqual(expired);
    advance(OAUTH_FLOW_TTL_MS);
    expect(await oauth.complete('north', started.flow, query, keep)).toEqual(expired);
    expect(north.exchanged).toEqual([]);
  });

  it('refuses another state, another provider or no code as failed', async () => {
    const { oauth, started, state, north, keep } = setup();
    const failed = { ok: false, message: 'failed north' };
    expect(
      await oauth.complete('north', started.flow, { code: 'c1', state: `${state}x` }, keep),
    ).toEqual(failed);
    expect(await oauth.complete('north', started.flow, { code: 'c1' }, keep)).toEqual(failed);
    expect(await oauth.complete('north', started.flow, { state }, keep)).toEqual(failed);
    // The flow started for north cannot finish south.
    expect(await oauth.complete('south', started.flow, { code: 'c1', state }, keep)).toEqual({
      ok: false,
      message: 'failed south',
    });
    expect(north.exchanged).toEqual([]);
  });

  it('says the provider is not set up when its client went away meanwhile', async () => {
    const { oauth, state, keep } = setup();
    const flow = secrets.seal(flowOf('west', state), 'test-oauth-flow');
    expect(await oauth.complete('west', flow, { code: 'c1', state }, keep)).toEqual({
      ok: false,
      message: 'not configured west',
    });
  });

  it('turns a refused exchange or a failed save into failed, and logs why', async () => {
    const { oauth, started, state, warnings, keep } = setup();
    expect(await oauth.complete('north', started.flow, { code: 'bad', state }, keep)).toEqual({
      ok: false,
      message: 'failed north',
    });
    const refusedSave = async () => {
      throw new Error('the database is away');
    };
    expect(await oauth.complete('north', started.flow, { code: 'c2', state }, refusedSave)).toEqual(
      { ok: false, message: 'failed north' },
    );
    expect(warnings).toEqual(['test connection failed', 'test connection failed']);
  });
});

describe('the return page', () => {
  const back = { publicUrl: 'https://parley.example', page: '/app-integrations', param: 'crm' };
  it('names the provider and the result or the message', () => {
    expect(oauthReturnUrl(back, 'north', { ok: true })).toBe(
      'https://parley.example/app-integrations?crm=north&crmResult=connected',
    );
    const url = new URL(oauthReturnUrl(back, 'north', { ok: false, message: 'No & go?' }));
    expect([...url.searchParams]).toEqual([
      ['crm', 'north'],
      ['crmError', 'No & go?'],
    ]);
  });
});

describe('the callback route', () => {
  let app: FastifyInstance;
  const seen: { provider: string; sealed: string | undefined; code?: string }[] = [];
  const flowCookie = oauthFlowCookie({ name: 'parley_test', path: '/api/v1/test', secure: true });

  beforeAll(async () => {
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(cookie);
    app.post('/test/north/connect', async (_request, reply) => {
      flowCookie.set(reply, 'sealed-flow');
      return { url: 'https://north.example/authorize' };
    });
    registerOAuthCallback(app, {
      url: '/test/:provider/callback',
      summary: 'Finish connecting',
      tags: ['test'],
      providers: PROVIDERS,
      cookie: flowCookie,
      async complete(provider, sealed, query) {
        seen.push({ provider, sealed, ...(query.code ? { code: query.code } : {}) });
        return query.code === 'good' ? { ok: true } : { ok: false, message: 'failed' };
      },
      back: { publicUrl: 'https://parley.example', page: '/app-integrations', param: 'test' },
    });
    await app.ready();
  });
  afterAll(async () => app?.close());

  it('sets an httpOnly, Lax, path-bound cookie that lasts as long as the flow', async () => {
    const res = await app.inject({ method: 'POST', url: '/test/north/connect' });
    const set = String(res.headers['set-cookie']);
    expect(set).toContain('parley_test=sealed-flow');
    expect(set).toContain(`Max-Age=${OAUTH_FLOW_TTL_MS / 1000}`);
    expect(set).toContain('Path=/api/v1/test');
    expect(set).toContain('HttpOnly');
    expect(set).toContain('SameSite=Lax');
    expect(set).toContain('Secure');
  });

  it('passes the cookie on once, clears it, and redirects with the outcome', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/test/south/callback?code=good&state=s',
      cookies: { parley_test: 'sealed-flow' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      'https://parley.example/app-integrations?test=south&testResult=connected',
    );
    expect(String(res.headers['set-cookie'])).toMatch(/parley_test=;.*Expires=Thu, 01 Jan 1970/);
    expect(seen.at(-1)).toEqual({ provider: 'south', sealed: 'sealed-flow', code: 'good' });

    const refused = await app.inject({ method: 'GET', url: '/test/north/callback?code=other' });
    expect(refused.headers.location).toBe(
      'https://parley.example/app-integrations?test=north&testError=failed',
    );
    expect(seen.at(-1)).toEqual({ provider: 'north', sealed: undefined, code: 'other' });
  });

  it('answers 404 for a provider it does not know and 400 for an oversized query', async () => {
    const before = seen.length;
    const unknown = await app.inject({ method: 'GET', url: '/test/east/callback?code=good' });
    expect(unknown.statusCode).toBe(404);
    const long = await app.inject({
      method: 'GET',
      url: `/test/north/callback?code=good&state=${'s'.repeat(513)}`,
    });
    expect(long.statusCode).toBe(400);
    expect(seen.length).toBe(before);
  });
});
