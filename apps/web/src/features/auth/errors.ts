import { isApiError, UNKNOWN_FETCH_ERROR } from '../../lib/api';

/** Inline text for a failed auth call: the server's message, else a fallback. */
export function inlineError(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    if (error.status === 0) return UNKNOWN_FETCH_ERROR;
    return error.serverMessage || fallback;
  }
  return fallback;
}
