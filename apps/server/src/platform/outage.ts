/**
 * Failures of what the server stands on rather than of the request (issue 20, faults): the
 * database gone (restarting, failing over, refusing connections), the media store (S3, Azure)
 * failing or not answering, or the disk full. Each answers in the one error shape with a
 * status a client can act on — 503, try again shortly; 507, an operator must free space —
 * instead of a 500 that reads like a bug.
 */

/** PostgreSQL's SQLSTATE classes and codes that mean "not reachable now", not "wrong query". */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
/** Node's socket errors when the database's address answers nothing, or stops mid-query. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
]);
/** node-postgres' own words when the server closes a connection under a query. */
const CONNECTION_MESSAGES =
  /^Connection terminated|^Client has encountered a connection error|^timeout exceeded when trying to connect/;
/** The file system's, and PostgreSQL's own disk_full (53100). */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', '53100']);

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The database is not available at the moment, please try again shortly';
export const STORAGE_FULL_MESSAGE =
  "The server's storage is full, please contact your administrator";
export const STORAGE_UNAVAILABLE_MESSAGE =
  'The storage is not available at the moment, please try again shortly';

/**
 * A cloud store that answered 5xx, could not be reached or did not answer in time, after the
 * SDK's own retries. Its message says which, in words fit for a step's error; the cause is
 * the SDK's error, for the log.
 */
export class StorageUnavailableError extends Error {
  override readonly name = 'StorageUnavailableError';
}

/**
 * The error and its causes (drizzle wraps the driver's error in `cause`, the SDKs theirs),
 * nearest first.
 */
export function* errorChain(
  err: unknown,
): Generator<{ name?: unknown; code?: unknown; message?: unknown }> {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    yield e as { name?: unknown; code?: unknown; message?: unknown };
    const next = (e as { cause?: unknown }).cause;
    if (next === e) return;
    e = next;
  }
}

export type Outage = 'database' | 'storage' | 'disk-full';

/** What kind of outage an error is, or null for an ordinary failure. */
export function outageOf(err: unknown): Outage | null {
  for (const e of errorChain(err)) {
    if (e instanceof StorageUnavailableError) return 'storage';
    // A refused call to an outside service (fetch, the S3 SDK) is not the database: its
    // socket codes below would read the same, so the walk stops at those.
    const code = typeof e.code === 'string' ? e.code : '';
    if (e.message === 'fetch failed' && e instanceof TypeError) return null;
    if ('$metadata' in e) return null;
    if (DISK_FULL_CODES.has(code)) return 'disk-full';
    if (UNAVAILABLE_SQLSTATE.test(code) || CONNECTION_CODES.has(code)) return 'database';
    if (typeof e.message === 'string' && CONNECTION_MESSAGES.test(e.message)) return 'database';
    // AggregateError: node's connect to "localhost" tries ::1 and 127.0.0.1, both refused.
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some((x) => outageOf(x) === 'database')) return 'database';
  }
  return null;
}
