/**
 * Tests only: a fake API behind the real api client. Answers are registered per contract route
 * (its method and path under /api/v1, as the server declares it), so a test says which call it
 * answers rather than matching URL fragments. `fetch` is the spy, for assertions on the calls.
 */
import { vi } from 'vitest';
import { API_PREFIX, type RouteContract, type RouteResponse } from '@parley/contracts';

export interface FakeRequest {
  /** Values of the route's `:name` segments. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The JSON body, parsed; undefined without one. */
  body: unknown;
  init: RequestInit | undefined;
}

/** The route's answer (sent as JSON with the route's status), or a whole Response. */
type Reply<R> = RouteResponse<R> | Response;
type Handler<R> = (req: FakeRequest) => Reply<R> | Promise<Reply<R>>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

interface Entry {
  route: RouteContract;
  pattern: RegExp;
  names: string[];
  handle: Handler<RouteContract>;
}

function compile(route: RouteContract): Pick<Entry, 'pattern' | 'names'> {
  const names: string[] = [];
  const source = (API_PREFIX + route.path)
    .split(/(:[A-Za-z_]\w*)/)
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

function target(input: RequestInfo | URL, init: RequestInit | undefined) {
  const url = new URL(String(input), 'http://localhost');
  return { url, method: (init?.method ?? 'GET').toUpperCase() };
}

/**
 * `unmatched`: what a call no route answers gets — a 404 in the server's error shape, or a
 * promise that never settles (a page that stays loading).
 */
export function fakeServer({
  unmatched = 'not-found',
}: { unmatched?: 'not-found' | 'pending' } = {}) {
  const entries: Entry[] = [];
  const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const { url, method } = target(input, init);
    for (const entry of entries) {
      if (entry.route.method !== method) continue;
      const m = entry.pattern.exec(url.pathname);
      if (!m) continue;
      const params = Object.fromEntries(
        entry.names.map((name, i) => [name, decodeURIComponent(m[i + 1] ?? '')]),
      );
      const raw = init?.body;
      const body =
        typeof raw === 'string' && raw.length > 0 ? (JSON.parse(raw) as unknown) : undefined;
      const out = await entry.handle({ params, query: url.searchParams, body, init });
      return out instanceof Response ? out : json(out, entry.route.status ?? 200);
    }
    if (unmatched === 'pending') return new Promise<Response>(() => {});
    return json(
      { statusCode: 404, error: 'Not Found', message: `No fake for ${method} ${url.pathname}` },
      404,
    );
  });

  const server = {
    fetch,
    /** Answers the route with a fixed reply or a handler of the request. */
    on<R extends RouteContract>(route: R, reply: Handler<R> | Reply<R>) {
      const handle = (typeof reply === 'function' ? reply : () => reply) as Handler<RouteContract>;
      entries.push({ route, ...compile(route), handle });
      return server;
    },
    /** The calls made to one route, in order. */
    calls(route: RouteContract) {
      const { pattern } = compile(route);
      return fetch.mock.calls.filter(([input, init]) => {
        const { url, method } = target(input, init);
        return method === route.method && pattern.test(url.pathname);
      });
    },
  };
  return server;
}
