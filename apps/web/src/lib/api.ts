import {
  authStore,
  getAccessToken,
  readStoredUserId,
  removeStoredUserId,
  setAuthenticated,
  setAuthFailed,
} from './auth-store';
import { createApiClient } from './api-client';
import { toast } from './toast';

import { ApiRequestError, errorToastFor } from './api-client';

export {
  ApiRequestError,
  isApiError,
  errorToastFor,
  STREAM_UNSUPPORTED,
  UNKNOWN_FETCH_ERROR,
} from './api-client';
export type { ApiClient, CallOptions } from './api-client';

const client = createApiClient({
  fetch: (input, init) => fetch(input, init),
  getAccessToken,
  getUserId: readStoredUserId,
  onRefreshed: setAuthenticated,
  onRefreshFailed(error) {
    // The refresh cookie's session is gone: this tab is signed out (the guard sends it to /signin).
    if (error.status === 401 && authStore.get().isAuthenticated) {
      removeStoredUserId();
      setAuthFailed();
    }
  },
  notify: toast,
});

/**
 * `api(route, { body, query, params, toast })` — the one API client.
 * JSON with credentials, bearer token for `auth: true` routes, one shared refresh and retry on 401,
 * error toasts per spec 1 §8 unless `toast: false`.
 */
export const api = client.api;

/** A Server-Sent Events route through the same client (auth, refresh, error toasts). */
export const events = client.events;

/** refresh-credentials with the stored (or given) user id; concurrent calls share one request. */
export const refreshSession = client.refreshSession;

/** Multipart POST through the same client (chunk uploads). */
export const postForm = client.postForm;

/** Raw bytes to a route through the same client (a recording's slices, an answer's audio). */
export const sendBytes = client.sendBytes;

/** A file answer (the PDF reports) through the same client: its bytes and the server's file name. */
export const download = client.download;

/** The client itself, for code that takes it as a dependency (the chunked uploader). */
export const apiClient = client;

/** The server's message for a failed call (shown inline in a form), or the given fallback. */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return errorToastFor(error)?.description ?? fallback;
  return fallback;
}

/**
 * A list read whose failure toasts the spec's title for it (spec 3 §8 'Failed to search users',
 * 'Getting organizations failed'…) with the server's reason under it; the error is rethrown.
 */
export async function withFailureToast<T>(call: Promise<T>, title: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    toast({ title, description: failureMessage(error, title), variant: 'error' });
    throw error;
  }
}
