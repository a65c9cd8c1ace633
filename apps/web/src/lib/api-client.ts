import {
  AI_MESSAGES,
  API_PREFIX,
  authRoutes,
  messageForStatus,
  type AuthSuccess,
  type RouteBody,
  type RouteContract,
  type RouteQuery,
  type RouteResponse,
} from '@parley/contracts';
import type { ToastInput } from './toast';

export const UNKNOWN_FETCH_ERROR = 'Unknown fetch error';

/** A failed call. status 0 means the request never got an answer (network failure). */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The `message` of the server's `{ statusCode, error, message }` body, when there was one. */
  readonly serverMessage: string | null;

  constructor(status: number, serverMessage: string | null) {
    super(serverMessage || (status === 0 ? UNKNOWN_FETCH_ERROR : messageForStatus(status)));
    this.name = 'ApiRequestError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

export function isApiError(e: unknown, status?: number): e is ApiRequestError {
  return e instanceof ApiRequestError && (status === undefined || e.status === status);
}

/**
 * Spec 1 §8: the toast for a failed call, or null when none is shown (401).
 * The server's message wins; otherwise the status decides; 403 is a warning.
 */
export function errorToastFor(error: ApiRequestError): ToastInput | null {
  if (error.status === 401) return null;
  if (error.status === 0)
    return { title: 'Error', description: UNKNOWN_FETCH_ERROR, variant: 'error' };
  return {
    title: 'Error',
    description: error.serverMessage || messageForStatus(error.status),
    variant: error.status === 403 ? 'warning' : 'error',
  };
}

type Params = Record<string, string | number>;

/** Spec 3 §8: shown when the browser cannot read a response as a stream. */
export const NO_READABLE_STREAM = AI_MESSAGES.noStream;

/** One Server-Sent Event: its name (default 'message') and its JSON data. */
export interface ServerEvent {
  event: string;
  data: unknown;
}

/** Parses one event block ('event: x' and 'data: …' lines); null for comments and keep-alives. */
export function parseServerEvent(block: string): ServerEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  if (data.length === 0) return null;
  const text = data.join('\n');
  try {
    return { event, data: JSON.parse(text) as unknown };
  } catch {
    return { event, data: text };
  }
}
type BodyOption<R> = RouteBody<R> extends undefined ? { body?: undefined } : { body: RouteBody<R> };
type QueryOption<R> =
  RouteQuery<R> extends undefined ? { query?: undefined } : { query?: RouteQuery<R> };

export type CallOptions<R> = BodyOption<R> &
  QueryOption<R> & {
    /** Values for `:name` segments of the route path. */
    params?: Params;
    /** false: do not show the error toast; the caller handles the failure. */
    toast?: boolean;
    signal?: AbortSignal;
  };

type OptionalArg<R> =
  RouteBody<R> extends undefined ? [options?: CallOptions<R>] : [options: CallOptions<R>];

export interface ApiDeps {
  fetch: typeof fetch;
  getAccessToken(): string | null;
  getUserId(): string | null;
  /** A refresh succeeded: store the new session. */
  onRefreshed(result: AuthSuccess): void;
  /** The one refresh after a 401 failed: the caller is no longer signed in (when status is 401). */
  onRefreshFailed(error: ApiRequestError): void;
  notify(toast: ToastInput): void;
}

interface LooseOptions {
  body?: unknown;
  /** Multipart body (uploads); sent as is, the browser sets the boundary. */
  form?: FormData;
  query?: unknown;
  params?: Params;
  toast?: boolean;
  signal?: AbortSignal;
}

export function buildUrl(path: string, params?: Params, query?: unknown): string {
  const filled = path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  if (query && typeof query === 'object') {
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) value.forEach((v) => search.append(key, String(v)));
      else search.set(key, String(value));
    }
  }
  const qs = search.toString();
  return `${API_PREFIX}${filled}${qs ? `?${qs}` : ''}`;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function messageOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message.trim()) return message;
  }
  return null;
}

type Target = Pick<RouteContract, 'method' | 'path' | 'auth'>;

/** The ONE way the web app talks to the server; typed from the route contracts. */
export function createApiClient(deps: ApiDeps) {
  let refreshing: Promise<AuthSuccess> | null = null;

  async function send(
    route: Target,
    opts: LooseOptions,
    token: string | null,
    accept = 'application/json',
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: accept };
    if (opts.body !== undefined && !opts.form) headers['Content-Type'] = 'application/json';
    if (route.auth && token) headers.Authorization = `Bearer ${token}`;
    try {
      return await deps.fetch(buildUrl(route.path, opts.params, opts.query), {
        method: route.method,
        headers,
        body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
        credentials: 'include',
        signal: opts.signal,
      });
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') throw e;
      throw new ApiRequestError(0, null);
    }
  }

  async function parse(res: Response): Promise<unknown> {
    const body = await readJson(res);
    if (!res.ok) throw new ApiRequestError(res.status, messageOf(body));
    return body;
  }

  /** refresh-credentials; concurrent callers share one request. Throws ApiRequestError. */
  function refreshSession(userId?: string): Promise<AuthSuccess> {
    if (refreshing) return refreshing;
    const id = userId ?? deps.getUserId();
    const run = async () => {
      if (!id) throw new ApiRequestError(401, null);
      const res = await send(authRoutes.refreshCredentials, { body: { userId: id } }, null);
      const result = (await parse(res)) as AuthSuccess;
      deps.onRefreshed(result);
      return result;
    };
    refreshing = run().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** Sends with the bearer token; on 401 refreshes once and retries. Throws on failure. */
  async function respond(route: Target, opts: LooseOptions, accept?: string): Promise<Response> {
    try {
      const token = deps.getAccessToken();
      let res = await send(route, opts, token, accept);
      if (res.status === 401 && route.auth) {
        // Another call may already have refreshed while this one was in flight.
        const current = deps.getAccessToken();
        let retryToken: string | null = current && current !== token ? current : null;
        if (!retryToken) {
          try {
            retryToken = (await refreshSession()).accessToken;
          } catch (e) {
            const err = e instanceof ApiRequestError ? e : new ApiRequestError(0, null);
            deps.onRefreshFailed(err);
            if (err.status === 0) throw err;
            throw new ApiRequestError(401, messageOf(await readJson(res)));
          }
        }
        res = await send(route, opts, retryToken, accept);
      }
      if (!res.ok) throw new ApiRequestError(res.status, messageOf(await readJson(res)));
      return res;
    } catch (e) {
      if (e instanceof ApiRequestError && opts.toast !== false) {
        const t = errorToastFor(e);
        if (t) deps.notify(t);
      }
      throw e;
    }
  }

  async function call(route: Target, opts: LooseOptions): Promise<unknown> {
    return readJson(await respond(route, opts));
  }

  /**
   * Server-Sent Events of a streaming route, read with fetch and a ReadableStream under the
   * same auth as `api`. Yields each event's name and parsed JSON data; ends when the server
   * closes the stream or `signal` aborts.
   */
  async function* stream<R extends RouteContract>(
    route: R,
    ...args: OptionalArg<R>
  ): AsyncGenerator<ServerEvent> {
    if (typeof ReadableStream === 'undefined') throw new Error(NO_READABLE_STREAM);
    const opts = (args[0] ?? {}) as LooseOptions;
    const res = await respond(route, opts, 'text/event-stream');
    if (!res.body || typeof res.body.getReader !== 'function') throw new Error(NO_READABLE_STREAM);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        buffer += decoder.decode(value, { stream: !done });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = parseServerEvent(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (event) yield event;
        }
        if (done) return;
      }
    } finally {
      reader.releaseLock();
    }
  }

  function api<R extends RouteContract>(
    route: R,
    ...args: OptionalArg<R>
  ): Promise<RouteResponse<R>> {
    const opts = (args[0] ?? {}) as LooseOptions;
    return call(route, opts) as Promise<RouteResponse<R>>;
  }

  /**
   * POST a multipart form to an authenticated path that is not a JSON route (chunk uploads),
   * with the same bearer token, refresh-and-retry on 401 and error handling as `api`.
   */
  function postForm(
    path: string,
    form: FormData,
    options: Omit<LooseOptions, 'body' | 'form'> = {},
  ): Promise<unknown> {
    return call({ method: 'POST', path, auth: true }, { ...options, form });
  }

  return { api, refreshSession, postForm, stream };
}

export type ApiClient = ReturnType<typeof createApiClient>;
