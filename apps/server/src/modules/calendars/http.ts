import { z } from 'zod';
import {
  CalendarHttpError,
  type CalendarChanges,
  type CalendarClient,
  type CalendarSession,
  type CalendarTokens,
} from './types.js';

const TIMEOUT_MS = 30_000;

async function detailOf(res: Response): Promise<string> {
  try {
    return (await res.text()).replace(/\s+/g, ' ').trim();
  } catch {
    return '';
  }
}

/** One authenticated JSON GET: a 401 refreshes the tokens once and tries again. */
export async function getJson(
  fetchImpl: typeof fetch,
  session: CalendarSession,
  what: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<unknown> {
  let refreshed = false;
  for (;;) {
    const res = await fetchImpl(url, {
      headers: {
        authorization: `Bearer ${await session.accessToken()}`,
        accept: 'application/json',
        ...headers,
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (res.status === 401 && !refreshed) {
      await res.body?.cancel();
      refreshed = true;
      await session.refresh();
      continue;
    }
    if (!res.ok) throw new CalendarHttpError(res.status, await detailOf(res), what);
    return res.json() as Promise<unknown>;
  }
}

/** A form post without a bearer (token and revocation endpoints). */
export async function postForm(
  fetchImpl: typeof fetch,
  what: string,
  url: string,
  form: Record<string, string>,
): Promise<unknown> {
  const res = await fetchImpl(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw new CalendarHttpError(res.status, await detailOf(res), what);
  const text = await res.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

const tokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string().optional(),
  expires_in: z.number(),
});

/**
 * The code exchange and the refresh at a provider's token endpoint (Google's and Microsoft's
 * answer alike). `client` is what every grant carries (client id and secret, Microsoft's
 * scope); a refresh answered without a new refresh token keeps the one it used.
 */
export function tokenGrants(o: {
  fetch: typeof fetch;
  /** Names the provider in errors: "Google", "Microsoft". */
  provider: string;
  url: string;
  client: Record<string, string>;
}): Pick<CalendarClient, 'exchangeCode' | 'refresh'> {
  const tokens = (raw: unknown, previous?: CalendarTokens): CalendarTokens => {
    const t = tokenResponse.parse(raw);
    const refreshToken = t.refresh_token ?? previous?.refreshToken;
    if (!refreshToken) throw new Error(`${o.provider} answered without a refresh token`);
    return {
      accessToken: t.access_token,
      refreshToken,
      expiresAt: Date.now() + t.expires_in * 1000,
    };
  };
  const grant = (form: Record<string, string>) =>
    postForm(o.fetch, `${o.provider} token`, o.url, { ...o.client, ...form });
  return {
    async exchangeCode({ code, redirectUri }) {
      return tokens(
        await grant({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
      );
    },
    async refresh(current) {
      return tokens(
        await grant({ grant_type: 'refresh_token', refresh_token: current.refreshToken }),
        current,
      );
    },
  };
}

/**
 * The changes since `state`, or the whole window: first sync, or a state the provider says
 * expired (410 Gone: Google's sync token, Microsoft's deltaLink), which both say to read again.
 */
export async function changesSince(
  state: string | null,
  since: (state: string) => Promise<CalendarChanges>,
  whole: () => Promise<CalendarChanges>,
): Promise<CalendarChanges> {
  if (state) {
    try {
      return await since(state);
    } catch (err) {
      if (!(err instanceof CalendarHttpError && err.status === 410)) throw err;
    }
  }
  return whole();
}
