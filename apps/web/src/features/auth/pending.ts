import type { RouteBody } from '@parley/contracts';
import type { authRoutes } from '@parley/contracts';
import { STORAGE_KEYS } from '../../lib/config';

export type SignupRequest = RouteBody<typeof authRoutes.requestSignup>;

/** What the verify pages need between the request and the code (kept per tab, survives reload). */
export type PendingAuth =
  | { kind: 'signin'; email: string; from?: string }
  | { kind: 'signup'; email: string; signup: SignupRequest };

export function readPending<K extends PendingAuth['kind']>(
  kind: K,
): Extract<PendingAuth, { kind: K }> | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEYS.pendingAuth);
    if (!raw) return null;
    const value = JSON.parse(raw) as PendingAuth;
    return value.kind === kind ? (value as Extract<PendingAuth, { kind: K }>) : null;
  } catch {
    return null;
  }
}

export function savePending(value: PendingAuth): void {
  try {
    sessionStorage.setItem(STORAGE_KEYS.pendingAuth, JSON.stringify(value));
  } catch {
    /* ignore */
  }
}

export function clearPending(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEYS.pendingAuth);
  } catch {
    /* ignore */
  }
}
