import {
  API_PREFIX,
  authRoutes,
  fillPath,
  messageForStatus,
  type AuthSuccess,
  type RouteBody,
  type RouteContract,
  type RouteParamName,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@parley/contracts';
import { readServerSentEvents, type ServerSentEvent } from './event-stream';
import type { ToastInput } from './toast';

/** Spec 2 §8: the browser cannot read a streamed answer. */
export const STREAM_UNSUPPORTED = 'ReadableStream not supported in this environment.';

export const UNKNOWN_FETCH_ERROR = 'Unknown fetch error';

/** A failed call. status 0 means the request never got an answer (network failure). */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The `message` of the server's `{ statusCode, error, message }` body, when there was one. */
  readonly serverMessage: string | null;
  /** A 429's Retry-After in seconds: when the same request may be made again. */
  readonly retryAfterSeconds: number | null;

  constructor(
    status: number,
    serverMessage: string | null,
    retryAfterSeconds: number | null = null,
  ) {
    super(serverMessage || (status === 0 ? UNKNOWN_FETCH_ERROR : messageForStatus(status)));
    this.name = 'ApiRequestError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Retry-After in seconds (the server sends seconds, never an HTTP date). */
function retryAfterOf(res: Response): number | null {
  const seconds = Number(res.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
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
type BodyOption<R> = RouteBody<R> extends undefined ? { body?: undefined } : { body: RouteBody<R> };
type QueryOption<R> =
  RouteQuery<R> extends undefined ? { query?: undefined } : { query?: RouteQuery<R> };
type HasParams<R> = [RouteParamName<R>] extends [never] ? false : true;
/** Values for the `:name` segments of the route path, named as the path names them. */
type ParamsOption<R> =
  HasParams<R> extends true ? { params: RouteParams<R, string | number> } : { params?: undefined };

export type CallOptions<R> = BodyOption<R> &
  QueryOption<R> &
  ParamsOption<R> & {
    /** false: do not show the error toast; the caller handles the failure. */
    toast?: boolean;
    signal?: AbortSignal;
    /** The request outlives the page (a last report sent as the user leaves). */
    keepalive?: boolean;
  };

type OptionalArg<R> =
  RouteBody<R> extends undefined
    ? HasParams<R> extends true
      ? [options: CallOptions<R>]
      : [options?: CallOptions<R>]
    : [options: CallOptions<R>];

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
  /** Raw bytes (recording slices); sent with their own content type. */
  bytes?: Blob;
  query?: unknown;
  params?: Params;
  toast?: boolean;
  signal?: AbortSignal;
  keepalive?: boolean;
  /** Accept header; JSON unless a route streams. */
  accept?: string;
}

export function buildUrl(path: string, params?: Params, query?: unknown): string {
  const filled = fillPath(path, params ?? {});
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

  async function send(route: Target, opts: LooseOptions, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { Accept: opts.accept ?? 'application/json' };
    if (opts.bytes) headers['Content-Type'] = opts.bytes.type || 'application/octet-stream';
    else if (opts.body !== undefined && !opts.form) headers['Content-Type'] = 'application/json';
    if (route.auth && token) headers.Authorization = `Bearer ${token}`;
    try {
      return await deps.fetch(buildUrl(route.path, opts.params, opts.query), {
        method: route.method,
        headers,
        body:
          opts.form ??
          opts.bytes ??
          (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
        credentials: 'include',
        signal: opts.signal,
        ...(opts.keepalive ? { keepalive: true } : {}),
      });
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') throw e;
      throw new ApiRequestError(0, null);
    }
  }

  async function parse(res: Response): Promise<unknown> {
    const body = await readJson(res);
    if (!res.ok) throw new ApiRequestError(res.status, messageOf(body), retryAfterOf(res));
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

  /** Sends the request; on a 401 refreshes the session once and sends it again. */
  async function respond(route: Target, opts: LooseOptions): Promise<Response> {
    const token = deps.getAccessToken();
    const res = await send(route, opts, token);
    if (res.status !== 401 || !route.auth) return res;
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
    return send(route, opts, retryToken);
  }

  function toastOnFailure(e: unknown, opts: LooseOptions): void {
    if (e instanceof ApiRequestError && opts.toast !== false) {
      const t = errorToastFor(e);
      if (t) deps.notify(t);
    }
  }

  async function call(route: Target, opts: LooseOptions): Promise<unknown> {
    try {
      return await parse(await respond(route, opts));
    } catch (e) {
      toastOnFailure(e, opts);
      throw e;
    }
  }

  /**
   * Calls a route that answers with Server-Sent Events (the assistant's prompt/siri) and yields
   * its events as they arrive. Auth, refresh and a failed status behave as in `api`; the events'
   * own errors are the caller's to show. Abort with `signal` to stop reading.
   */
  async function* events<R extends RouteContract>(
    route: R,
    ...args: OptionalArg<R>
  ): AsyncGenerator<ServerSentEvent> {
    const opts = { ...(args[0] ?? {}), accept: 'text/event-stream' } as LooseOptions;
    let res: Response;
    try {
      res = await respond(route, opts);
      if (!res.ok) await parse(res);
    } catch (e) {
      toastOnFailure(e, opts);
      throw e;
    }
    if (!res.body || typeof res.body.getReader !== 'function') {
      throw new Error(STREAM_UNSUPPORTED);
    }
    yield* readServerSentEvents(res.body);
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

  /**
   * Sends raw bytes to a route whose body is a file rather than JSON (a recording's slices, an
   * answer's audio); the answer is parsed and checked against the route's response schema.
   */
  async function sendBytes<R extends RouteContract>(
    route: R,
    bytes: Blob,
    options: Pick<CallOptions<R>, 'params' | 'query' | 'signal' | 'toast' | 'keepalive'>,
  ): Promise<RouteResponse<R>> {
    const opts: LooseOptions = { ...(options as LooseOptions), bytes };
    return call(route, opts) as Promise<RouteResponse<R>>;
  }

  /**
   * Downloads a route that answers with a file (the PDF reports): the bytes and the file name
   * the server gave in Content-Disposition. Auth, refresh and a failed status behave as in
   * `api` (a non-OK answer throws ApiRequestError with the server's message or the status's).
   */
  async function download<R extends RouteContract>(
    route: R,
    ...args: OptionalArg<R>
  ): Promise<{ blob: Blob; fileName: string | null }> {
    const opts = { ...(args[0] ?? {}), accept: '*/*' } as LooseOptions;
    try {
      const res = await respond(route, opts);
      if (!res.ok) await parse(res);
      const blob = await res.blob().catch(() => {
        throw new ApiRequestError(0, null);
      });
      return { blob, fileName: fileNameOf(res.headers.get('Content-Disposition')) };
    } catch (e) {
      toastOnFailure(e, opts);
      throw e;
    }
  }

  return { api, events, refreshSession, postForm, sendBytes, download };
}

/** The file name of a Content-Disposition header: filename* (RFC 5987) first, else filename. */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1]?.trim() ?? null;
}

export type ApiClient = ReturnType<typeof createApiClient>;
