import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for HubSpot and Salesforce speaking the endpoints Parley uses, with their
 * payload shapes: OAuth 2 (authorise redirect, code and refresh grants), the reads with paging,
 * the note write-back; and the failures Parley must survive: 401 once an access token is
 * expired, 429 with Retry-After, a 500 on a chosen request. Every request is kept.
 */

export interface Seen {
  method: string;
  path: string;
  /** The parsed JSON body, or the form fields of a token request. */
  body: unknown;
  at: number;
  status: number;
}

interface Base {
  origin: string;
  seen: Seen[];
  /** Access tokens handed out so far stop working (the next call answers 401). */
  expireTokens(): void;
  /** The next `n` API calls answer 429 with this Retry-After (seconds). */
  rateLimit(n: number, retryAfterSec: number): void;
  /** The next API call whose path and body match answers 500 (once). */
  failOnce(match: (s: Pick<Seen, 'method' | 'path' | 'body'>) => boolean): void;
  /** Refresh grants are refused from now on (a revoked app). */
  revokeRefresh(): void;
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

type Handler = (
  req: { method: string; url: URL; body: unknown; bearer: string | null },
  reply: (status: number, body?: unknown, headers?: Record<string, string>) => void,
) => void;

/** The shared machinery: tokens, the failure switches, the request log. */
async function serve(
  tokenPath: string,
  tokenReply: (origin: string) => Record<string, unknown>,
  /** Whether a refresh grant's answer repeats the refresh token (HubSpot) or leaves it out. */
  echoRefresh: boolean,
  api: Handler,
  unauthorised: unknown,
) {
  const seen: Seen[] = [];
  const live = new Set<string>();
  const refreshTokens = new Set<string>();
  const codes = new Map<string, string>(); // code -> redirect_uri
  let limited = { n: 0, after: 0 };
  let failing: ((s: Pick<Seen, 'method' | 'path' | 'body'>) => boolean) | null = null;
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
      if (url.pathname.endsWith('/authorize')) {
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
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
      const tokenInfo = url.pathname.startsWith('/oauth/v1/access-tokens/');
      if (!tokenInfo && (!bearer || !live.has(bearer))) return reply(401, unauthorised);
      api({ method: req.method ?? 'GET', url, body, bearer }, reply);
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

// ---------------------------------------------------------------- HubSpot

interface HsRecord {
  id: string;
  properties: Record<string, string | null>;
  modified: number;
}

export interface HubSpotStandIn extends Base {
  companies: HsRecord[];
  deals: HsRecord[];
  contacts: HsRecord[];
  /** deal id -> company ids, contact id -> deal ids. */
  dealCompanies: Map<string, string[]>;
  contactDeals: Map<string, string[]>;
  notes: Map<string, { properties: Record<string, string>; dealIds: string[] }>;
  /** Adds or changes a record, stamped as modified now. */
  put(
    type: 'companies' | 'deals' | 'contacts',
    id: string,
    properties: Record<string, string | null>,
  ): void;
}

const HS_MODIFIED: Record<string, string> = {
  companies: 'hs_lastmodifieddate',
  deals: 'hs_lastmodifieddate',
  contacts: 'lastmodifieddate',
};

export async function startHubSpotStandIn(
  opts: { pageSize?: number } = {},
): Promise<HubSpotStandIn> {
  const data = {
    companies: [] as HsRecord[],
    deals: [] as HsRecord[],
    contacts: [] as HsRecord[],
  };
  const dealCompanies = new Map<string, string[]>();
  const contactDeals = new Map<string, string[]>();
  const notes = new Map<string, { properties: Record<string, string>; dealIds: string[] }>();
  let clock = Date.parse('2025-01-01T00:00:00Z');
  let noteSerial = 9000;

  const base = await serve(
    '/oauth/v1/token',
    () => ({ token_type: 'bearer', expires_in: 1800 }),
    true,
    ({ method, url, body }, reply) => {
      const search = /^\/crm\/v3\/objects\/(companies|deals|contacts)\/search$/.exec(url.pathname);
      if (search && method === 'POST') {
        const type = search[1] as keyof typeof data;
        const b = body as {
          filterGroups: { filters: { propertyName: string; operator: string; value: string }[] }[];
          properties: string[];
          limit: number;
          after?: string;
        };
        const gt = b.filterGroups[0]?.filters.find((f) => f.operator === 'GT');
        const since = gt ? Number(gt.value) : -Infinity;
        const rows = data[type]
          .filter((r) => r.modified > since)
          .sort((x, y) => x.modified - y.modified || Number(x.id) - Number(y.id));
        const start = Number(b.after ?? 0);
        const size = Math.min(b.limit, opts.pageSize ?? b.limit);
        const page = rows.slice(start, start + size);
        return reply(200, {
          total: rows.length,
          results: page.map((r) => ({
            id: r.id,
            properties: {
              ...Object.fromEntries(b.properties.map((p) => [p, r.properties[p] ?? null])),
              hs_object_id: r.id,
              [HS_MODIFIED[type] ?? 'hs_lastmodifieddate']: new Date(r.modified).toISOString(),
            },
            createdAt: new Date(r.modified).toISOString(),
            updatedAt: new Date(r.modified).toISOString(),
            archived: false,
          })),
          ...(start + size < rows.length
            ? { paging: { next: { after: String(start + size), link: '' } } }
            : {}),
        });
      }
      const assoc = /^\/crm\/v3\/associations\/(\w+)\/(\w+)\/batch\/read$/.exec(url.pathname);
      if (assoc && method === 'POST') {
        const map = assoc[1] === 'deals' ? dealCompanies : contactDeals;
        const type = assoc[1] === 'deals' ? 'deal_to_company' : 'contact_to_deal';
        const inputs = (body as { inputs: { id: string }[] }).inputs;
        return reply(200, {
          status: 'COMPLETE',
          results: inputs
            .filter((i) => (map.get(i.id) ?? []).length > 0)
            .map((i) => ({
              from: { id: i.id },
              to: (map.get(i.id) ?? []).map((id) => ({ id, type })),
            })),
          startedAt: new Date().toISOString(),
          completedAt: new Date().toISOString(),
        });
      }
      if (url.pathname === '/crm/v3/objects/notes' && method === 'POST') {
        const b = body as {
          properties: Record<string, string>;
          associations: { to: { id: string }; types: { associationTypeId: number }[] }[];
        };
        if (!b.associations.every((a) => a.types[0]?.associationTypeId === 214)) {
          return reply(400, { message: 'wrong association type' });
        }
        const id = String((noteSerial += 1));
        notes.set(id, { properties: b.properties, dealIds: b.associations.map((a) => a.to.id) });
        return reply(201, { id, properties: b.properties, archived: false });
      }
      const note = /^\/crm\/v3\/objects\/notes\/(\w+)$/.exec(url.pathname);
      if (note && method === 'PATCH') {
        const existing = notes.get(note[1] ?? '');
        if (!existing) return reply(404, { status: 'error', message: 'resource not found' });
        existing.properties = {
          ...existing.properties,
          ...(body as { properties: Record<string, string> }).properties,
        };
        return reply(200, { id: note[1], properties: existing.properties });
      }
      const info = /^\/oauth\/v1\/access-tokens\/(.+)$/.exec(url.pathname);
      if (info && method === 'GET') {
        return reply(200, {
          token: info[1],
          user: 'owner@northwind.example',
          hub_domain: 'northwind.example',
          hub_id: 4242,
          app_id: 1,
          expires_in: 1700,
          user_id: 7,
          token_type: 'access',
        });
      }
      reply(404, { status: 'error', message: `no route ${method} ${url.pathname}` });
    },
    {
      status: 'error',
      message: 'Authentication credentials not found.',
      category: 'EXPIRED_AUTHENTICATION',
    },
  );
  return {
    ...base,
    ...data,
    dealCompanies,
    contactDeals,
    notes,
    put(type, id, properties) {
      clock += 60_000;
      const list = data[type];
      const found = list.find((r) => r.id === id);
      if (found) {
        found.properties = { ...found.properties, ...properties };
        found.modified = clock;
      } else list.push({ id, properties, modified: clock });
    },
  };
}

// ---------------------------------------------------------------- Salesforce

interface SfRecord {
  Id: string;
  SystemModstamp: number;
  [field: string]: unknown;
}

export interface SalesforceStandIn extends Base {
  accounts: SfRecord[];
  opportunities: SfRecord[];
  contacts: SfRecord[];
  /** OpportunityContactRole rows. */
  roles: { ContactId: string; OpportunityId: string; Role: string | null }[];
  tasks: Map<string, Record<string, unknown>>;
  put(
    type: 'Account' | 'Opportunity' | 'Contact',
    record: { Id: string } & Record<string, unknown>,
  ): void;
}

/** 2025-01-01T00:01:00.000+0000, as Salesforce writes times. */
const sfTime = (ms: number) => new Date(ms).toISOString().replace('Z', '+0000');

export async function startSalesforceStandIn(
  opts: { pageSize?: number } = {},
): Promise<SalesforceStandIn> {
  const data = {
    Account: [] as SfRecord[],
    Opportunity: [] as SfRecord[],
    Contact: [] as SfRecord[],
  };
  const roles: SalesforceStandIn['roles'] = [];
  const tasks = new Map<string, Record<string, unknown>>();
  const cursors = new Map<string, { records: unknown[]; offset: number }>();
  let clock = Date.parse('2025-01-01T00:00:00Z');
  let serial = 0;
  const V = '/services/data/v60.0';
  const size = opts.pageSize ?? 2000;

  const pageOf = (records: unknown[], offset: number) => {
    const end = offset + size;
    let next: string | undefined;
    if (end < records.length) {
      const locator = `01gD0000000${(serial += 1)}`;
      cursors.set(locator, { records, offset: end });
      next = `${V}/query/${locator}-${end}`;
    }
    return {
      totalSize: records.length,
      done: next === undefined,
      ...(next ? { nextRecordsUrl: next } : {}),
      records: records.slice(offset, end),
    };
  };

  const base = await serve(
    '/services/oauth2/token',
    (origin) => ({
      instance_url: origin,
      id: `${origin}/id/00D000000000001/005000000000001`,
      token_type: 'Bearer',
      issued_at: String(Date.now()),
      signature: 'c2lnbmF0dXJl',
      scope: 'api refresh_token',
    }),
    false,
    ({ method, url, body }, reply) => {
      if (url.pathname === `${V}/query` && method === 'GET') {
        const q = url.searchParams.get('q') ?? '';
        const from = /FROM (\w+)(?: WHERE SystemModstamp > (\S+))?/.exec(
          q.replace(/\(SELECT[^)]*\)/g, ''),
        );
        const object = from?.[1] ?? '';
        if (object === 'Organization') {
          return reply(
            200,
            pageOf([{ attributes: { type: 'Organization' }, Name: 'Contoso Ltd' }], 0),
          );
        }
        const rows = data[object as keyof typeof data];
        if (!rows)
          return reply(400, [
            { message: `sObject type '${object}' is not supported.`, errorCode: 'INVALID_TYPE' },
          ]);
        const since = from?.[2] ? Date.parse(from[2]) : -Infinity;
        const records = rows
          .filter((r) => r.SystemModstamp > since)
          .sort((a, b) => a.SystemModstamp - b.SystemModstamp || a.Id.localeCompare(b.Id))
          .map(({ SystemModstamp, ...r }) => {
            const own = roles.filter((x) => x.ContactId === r.Id);
            return {
              attributes: { type: object, url: `${V}/sobjects/${object}/${r.Id}` },
              ...r,
              SystemModstamp: sfTime(SystemModstamp),
              ...(object === 'Contact'
                ? {
                    OpportunityContactRoles: own.length
                      ? {
                          totalSize: own.length,
                          done: true,
                          records: own.map((x) => ({
                            attributes: { type: 'OpportunityContactRole' },
                            OpportunityId: x.OpportunityId,
                            Role: x.Role,
                          })),
                        }
                      : null,
                  }
                : {}),
            };
          });
        return reply(200, pageOf(records, 0));
      }
      const more = new RegExp(`^${V}/query/(\\w+)-(\\d+)$`).exec(url.pathname);
      if (more && method === 'GET') {
        const cursor = cursors.get(more[1] ?? '');
        if (!cursor)
          return reply(400, [
            { message: 'invalid query locator', errorCode: 'INVALID_QUERY_LOCATOR' },
          ]);
        return reply(200, pageOf(cursor.records, cursor.offset));
      }
      if (url.pathname === `${V}/sobjects/Task` && method === 'POST') {
        const id = `00T00000000${(serial += 1)}`;
        tasks.set(id, body as Record<string, unknown>);
        return reply(201, { id, success: true, errors: [] });
      }
      const task = new RegExp(`^${V}/sobjects/Task/(\\w+)$`).exec(url.pathname);
      if (task && method === 'PATCH') {
        const existing = tasks.get(task[1] ?? '');
        if (!existing)
          return reply(404, [
            { errorCode: 'NOT_FOUND', message: 'The requested resource does not exist' },
          ]);
        tasks.set(task[1] ?? '', { ...existing, ...(body as Record<string, unknown>) });
        return reply(204);
      }
      reply(404, [{ errorCode: 'NOT_FOUND', message: `no route ${method} ${url.pathname}` }]);
    },
    [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }],
  );
  return {
    ...base,
    accounts: data.Account,
    opportunities: data.Opportunity,
    contacts: data.Contact,
    roles,
    tasks,
    put(type, record) {
      clock += 60_000;
      const list = data[type];
      const found = list.find((r) => r.Id === record.Id);
      if (found) Object.assign(found, record, { SystemModstamp: clock });
      else list.push({ ...record, Id: record.Id, SystemModstamp: clock });
    },
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
