import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the local CRM stand-ins (hubspot-stand-in.ts, salesforce-stand-in.ts) share: an HTTP
 * server speaking OAuth 2 (authorise redirect, code and refresh grants) and the failures
 * Parley must survive: 401 once an access token is expired, 429 with Retry-After, a 500 on a
 * chosen request. Every request is kept.
 */

export interface Seen {
  method: string;
  path: string;
  /** The parsed JSON body, or the form fields of a token request. */
  body: unknown;
  at: number;
  status: number;
}

export interface Base {
  origin: string;
  seen: Seen[];
  /** Access tokens handed out so far stop working (the next call answers 401). */
  expireTokens(): void;
  /** The next `n` API calls answer 429 with this Retry-After (seconds). */
  rateLimit(n: number, retryAfterSec: number): void;
  /** The next API call whose path and body match answers 500 (once). */
  failOnce(match: (s: Pick<Seen, 'method' | 'path' | 'body'>) => boolean): void;
  /**
   * The next API call whose path and body match is carried out, but its answer never comes:
   * the connection drops, as when Parley's process dies while the CRM is answering.
   */
  dropOnce(match: (s: Pick<Seen, 'method' | 'path' | 'body'>) => boolean): void;
  /** Refresh grants are refused from now on (a revoked app). */
  revokeRefresh(): void;
  /** Refresh tokens handed out and not revoked. */
  refreshTokens: ReadonlySet<string>;
  close(): Promise<void>;
}

const CLIENT = { id: 'parley-client', secret: 'parley-secret' };
export const CRM_CLIENT = CLIENT;

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

export type Handler = (
  req: { method: string; url: URL; body: unknown; bearer: string | null },
  reply: (status: number, body?: unknown, headers?: Record<string, string>) => void,
) => void;

interface ServeOptions {
  tokenPath: string;
  /** The consent page's path when it does not end in /authorize (Google's /o/oauth2/v2/auth). */
  authorizePath?: string;
  tokenReply: (origin: string) => Record<string, unknown>;
  /** Whether a refresh grant's answer repeats the refresh token (HubSpot) or leaves it out. */
  echoRefresh: boolean;
  /** The refresh token a revocation request names, or null for any other request. */
  revocation: (req: { method: string; url: URL; form: URLSearchParams }) => string | null;
  /** Whether revoking a refresh token ends the access tokens too (Salesforce) or not. */
  revokesAccess: boolean;
  api: Handler;
  /** The body of a 401. */
  unauthorised: unknown;
}

/** The shared machinery: tokens, the failure switches, the request log. */
export async function serve(o: ServeOptions) {
  const { tokenPath, tokenReply, echoRefresh, api, unauthorised } = o;
  const seen: Seen[] = [];
  const live = new Set<string>();
  const refreshTokens = new Set<string>();
  const codes = new Map<string, string>(); // code -> redirect_uri
  let limited = { n: 0, after: 0 };
  let failing: ((s: Pick<Seen, 'method' | 'path' | 'body'>) => boolean) | null = null;
  let dropping: ((s: Pick<Seen, 'method' | 'path' | 'body'>) => boolean) | null = null;
  let refreshRevoked = false;
  let serial = 0;
  let origin = '';

  const issue = () => {
    serial += 1;
    const access = `access-${serial}-${Math.random().toString(36).slice(2)}`;
    const refresh = `refresh-${serial}-${Math.random().toString(36).slice(2)}`;
    live.add(access);
    refreshTokens.add(refresh);
    return { access, refresh };
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const raw = await readBody(req);
      const form = (req.headers['content-type'] ?? '').includes('urlencoded');
      const body: unknown = form
        ? Object.fromEntries(new URLSearchParams(raw))
        : raw
          ? (JSON.parse(raw) as unknown)
          : null;
      const entry: Seen = {
        method: req.method ?? 'GET',
        path: url.pathname + url.search,
        body,
        at: Date.now(),
        status: 0,
      };
      seen.push(entry);
      const reply = (status: number, payload?: unknown, headers: Record<string, string> = {}) => {
        entry.status = status;
        res.writeHead(status, {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        });
        res.end(payload === undefined ? undefined : JSON.stringify(payload));
      };

      // The browser's visit to the authorisation page: consent is given at once.
      if (url.pathname.endsWith('/authorize') || url.pathname === o.authorizePath) {
        const redirect = url.searchParams.get('redirect_uri') ?? '';
        if (url.searchParams.get('client_id') !== CLIENT.id)
          return reply(400, { error: 'bad client' });
        const code = `code-${Math.random().toString(36).slice(2)}`;
        codes.set(code, redirect);
        const back = new URL(redirect);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        return reply(302, undefined, { location: back.href });
      }

      if (url.pathname === tokenPath && req.method === 'POST') {
        const f = new URLSearchParams(raw);
        if (f.get('client_id') !== CLIENT.id || f.get('client_secret') !== CLIENT.secret) {
          return reply(401, { error: 'invalid_client' });
        }
        if (f.get('grant_type') === 'authorization_code') {
          const code = f.get('code') ?? '';
          if (codes.get(code) !== f.get('redirect_uri'))
            return reply(400, { error: 'invalid_grant' });
          codes.delete(code);
        } else if (f.get('grant_type') === 'refresh_token') {
          if (refreshRevoked || !refreshTokens.has(f.get('refresh_token') ?? '')) {
            return reply(400, {
              error: 'invalid_grant',
              error_description: 'expired access/refresh token',
            });
          }
        } else return reply(400, { error: 'unsupported_grant_type' });
        const { access, refresh } = issue();
        const first = f.get('grant_type') === 'authorization_code';
        return reply(200, {
          ...tokenReply(origin),
          access_token: access,
          ...(first ? { refresh_token: refresh } : {}),
          ...(!first && echoRefresh ? { refresh_token: f.get('refresh_token') } : {}),
        });
      }

      if (failing?.(entry)) {
        failing = null;
        return reply(500, { message: 'internal error' });
      }
      const answer: typeof reply = dropping?.(entry)
        ? (status) => {
            dropping = null;
            entry.status = status;
            res.destroy();
          }
        : reply;
      if (limited.n > 0) {
        limited.n -= 1;
        return reply(
          429,
          { message: 'You have reached your secondly limit.' },
          {
            'retry-after': String(limited.after),
          },
        );
      }
      const revoked = o.revocation({
        method: entry.method,
        url,
        form: new URLSearchParams(form ? raw : ''),
      });
      if (revoked !== null) {
        if (!refreshTokens.delete(revoked)) return answer(400, { error: 'invalid_token' });
        if (o.revokesAccess) live.clear();
        return answer(entry.method === 'DELETE' ? 204 : 200);
      }
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
      const tokenInfo = url.pathname.startsWith('/oauth/v1/access-tokens/');
      if (!tokenInfo && (!bearer || !live.has(bearer))) return answer(401, unauthorised);
      api({ method: req.method ?? 'GET', url, body, bearer }, answer);
    })().catch((err: unknown) => {
      res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    seen,
    live,
    expireTokens: () => live.clear(),
    rateLimit: (n: number, after: number) => {
      limited = { n, after };
    },
    failOnce: (match: (s: Pick<Seen, 'method' | 'path' | 'body'>) => boolean) => {
      failing = match;
    },
    dropOnce: (match: (s: Pick<Seen, 'method' | 'path' | 'body'>) => boolean) => {
      dropping = match;
    },
    refreshTokens: refreshTokens as ReadonlySet<string>,
    revokeRefresh: () => {
      refreshRevoked = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Environment pointing Parley at the stand-ins (loopback allowed for them). */
export const crmEnv = (hubspot: { origin: string }, salesforce: { origin: string }) => ({
  HUBSPOT_CLIENT_ID: CLIENT.id,
  HUBSPOT_CLIENT_SECRET: CLIENT.secret,
  HUBSPOT_AUTH_ORIGIN: hubspot.origin,
  HUBSPOT_API_ORIGIN: hubspot.origin,
  SALESFORCE_CLIENT_ID: CLIENT.id,
  SALESFORCE_CLIENT_SECRET: CLIENT.secret,
  SALESFORCE_LOGIN_ORIGIN: salesforce.origin,
  ALLOW_PRIVATE_ENDPOINTS: 'true',
});
