import { CalendarHttpError, type CalendarSession } from './types.js';

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
