import { isUnreachable } from '../../platform/net/endpoint-guard.js';

/**
 * The sharing check of a pasted Google link (spec 1 §5): one GET, made by the server through
 * the endpoint guard (internal addresses refused), with a short time-out and no redirects
 * followed. Google answers a link nobody may open without signing in with 401 or 403, or with a
 * redirect to its sign-in page; both mean "not shared publicly".
 */
export type SharingVerdict = 'shared' | 'private' | 'missing' | 'unreachable';

/** Long enough for Google from a slow network, short enough to keep the dialog responsive. */
export const LINK_CHECK_TIMEOUT_MS = 5000;

const SIGN_IN_HOST = 'accounts.google.com';

export interface LinkCheckOptions {
  fetch: typeof fetch;
  timeoutMs?: number;
  /**
   * Where each Google host is reached: its own origin unless configured otherwise
   * (GOOGLE_DOCS_ORIGIN, GOOGLE_DRIVE_ORIGIN), as GOOGLE_ISSUER does for sign-in.
   */
  origins: Record<string, string>;
}

export function createLinkChecker(opts: LinkCheckOptions) {
  const timeoutMs = opts.timeoutMs ?? LINK_CHECK_TIMEOUT_MS;

  /** The URL actually requested: the link's path and query on its host's configured origin. */
  function target(link: string): URL | null {
    const url = new URL(link);
    const origin = opts.origins[url.host];
    if (!origin) return null;
    return new URL(`${url.pathname}${url.search}`, origin);
  }

  return async function check(link: string): Promise<SharingVerdict> {
    const url = target(link);
    if (!url) return 'missing';
    let res: Response;
    try {
      res = await opts.fetch(url, {
        method: 'GET',
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'text/html,application/pdf;q=0.9,*/*;q=0.8' },
      });
    } catch (err) {
      if (isUnreachable(err)) return 'unreachable';
      throw err;
    }
    // Only the status and headers matter; the document itself is not read.
    await res.body?.cancel().catch(() => {});
    if (res.status === 401 || res.status === 403) return 'private';
    if (res.status === 404) return 'missing';
    if (res.status >= 200 && res.status < 300) return 'shared';
    if (res.status >= 300 && res.status < 400) {
      const location = res.headers.get('location') ?? '';
      let host = '';
      try {
        host = new URL(location, url).host;
      } catch {
        return 'unreachable';
      }
      return host === SIGN_IN_HOST ? 'private' : 'shared';
    }
    return 'unreachable';
  };
}
export type LinkChecker = ReturnType<typeof createLinkChecker>;
