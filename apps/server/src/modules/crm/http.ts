import type { CrmSession } from './types.js';

/** A CRM answered with an error status (after the retries this layer makes). */
export class CrmHttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    what: string,
  ) {
    super(`${what} answered ${status}${detail ? `: ${detail.slice(0, 200)}` : ''}`);
    this.name = 'CrmHttpError';
  }
}

/** The CRM refused the connection's tokens and their refresh: only connecting again helps. */
export class CrmAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CrmAuthError';
  }
}

export interface CrmHttp {
  fetch: typeof fetch;
  sleep(ms: number): Promise<void>;
  /** A 429 asking to wait longer than this fails the call (the job retries it later). */
  maxRetryAfterMs: number;
  /** How many 429s in a row one call waits out. */
  maxRateRetries: number;
}

export const defaultHttp = (fetchImpl: typeof fetch): CrmHttp => ({
  fetch: fetchImpl,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  maxRetryAfterMs: 60_000,
  maxRateRetries: 5,
});

const TIMEOUT_MS = 30_000;

/** Retry-After in seconds or as an HTTP date; a second when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (!header) return 1000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? 1000 : Math.max(0, at - now);
}

async function detailOf(res: Response): Promise<string> {
  try {
    return (await res.text()).replace(/\s+/g, ' ').trim();
  } catch {
    return '';
  }
}

/**
 * One authenticated JSON call: a 401 refreshes the tokens once and tries again; a 429 waits
 * as long as Retry-After says (bounded) and tries again; any other error status throws.
 */
export async function crmJson(
  http: CrmHttp,
  session: CrmSession,
  what: string,
  url: string,
  init: { method?: string; body?: unknown } = {},
): Promise<unknown> {
  let refreshed = false;
  let waits = 0;
  for (;;) {
    const res = await http.fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        authorization: `Bearer ${await session.accessToken()}`,
        accept: 'application/json',
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (res.status === 401 && !refreshed) {
      await res.body?.cancel();
      refreshed = true;
      await session.refresh();
      continue;
    }
    if (res.status === 429 && waits < http.maxRateRetries) {
      const wait = retryAfterMs(res.headers.get('retry-after'));
      if (wait <= http.maxRetryAfterMs) {
        await res.body?.cancel();
        waits += 1;
        await http.sleep(wait);
        continue;
      }
    }
    if (!res.ok) throw new CrmHttpError(res.status, await detailOf(res), what);
    if (res.status === 204) return null;
    const text = await res.text();
    return text ? (JSON.parse(text) as unknown) : null;
  }
}

/** The OAuth token endpoint: a form post, no bearer. Refusals (400, 401) throw CrmHttpError. */
export async function tokenRequest(
  http: CrmHttp,
  what: string,
  url: string,
  form: Record<string, string>,
): Promise<unknown> {
  const res = await http.fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new CrmHttpError(res.status, await detailOf(res), what);
  return res.json() as Promise<unknown>;
}

/**
 * A call made without a bearer whose answer Parley only needs to be a success (revoking a
 * token): error statuses throw CrmHttpError.
 */
export async function bareRequest(
  http: CrmHttp,
  what: string,
  url: string,
  init: { method: string; form?: Record<string, string> },
): Promise<void> {
  const res = await http.fetch(url, {
    method: init.method,
    headers: {
      accept: 'application/json',
      ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new CrmHttpError(res.status, await detailOf(res), what);
  await res.body?.cancel();
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
