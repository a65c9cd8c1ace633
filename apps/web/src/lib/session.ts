import { authRoutes, MESSAGES } from '@parley/contracts';
import { api, isApiError, refreshSession } from './api';
import {
  authStore,
  readStoredUserId,
  removeStoredUserId,
  setAuthFailed,
  setAuthLoading,
} from './auth-store';
import { STORAGE_KEYS } from './config';
import { queryClient } from './query-client';
import { toast } from './toast';

const resetListeners = new Set<() => void>();

/** Let other modules forget their per-session state when the client state is reset. */
export function onClientReset(listener: () => void): () => void {
  resetListeners.add(listener);
  return () => resetListeners.delete(listener);
}

/** Reset the whole client state: auth, stored user id, query cache, pending sign-in data. */
export function clearClientState(): void {
  removeStoredUserId();
  try {
    sessionStorage.removeItem(STORAGE_KEYS.pendingAuth);
  } catch {
    /* ignore */
  }
  setAuthFailed();
  queryClient.clear();
  resetListeners.forEach((l) => l());
}

/** Restore authentication on load with refresh-credentials and the stored user id. */
export async function restoreSession(userId = readStoredUserId()): Promise<boolean> {
  if (!userId) {
    setAuthFailed();
    return false;
  }
  setAuthLoading();
  try {
    await refreshSession(userId);
    return true;
  } catch (e) {
    if (isApiError(e, 401)) removeStoredUserId();
    setAuthFailed();
    return false;
  }
}

/** Log out with the call matching how the user signed in, then reset everything. */
export async function signOut(): Promise<void> {
  const provider = authStore.get().authProvider;
  const route =
    provider === 'google'
      ? authRoutes.removeGoogleSession
      : provider === 'microsoft'
        ? authRoutes.removeMicrosoftSession
        : authRoutes.removeSession;
  let failed = false;
  try {
    await api(route, { toast: false });
  } catch (e) {
    // A session that is already gone counts as signed out.
    failed = !isApiError(e, 401);
  }
  clearClientState();
  toast(
    failed
      ? { title: 'Error', description: MESSAGES.signOutFailed, variant: 'error' }
      : { title: MESSAGES.loggedOut, variant: 'success' },
  );
}

/** The server ended this session because the user signed in elsewhere (check-session 401). */
export function endSessionElsewhere(): void {
  clearClientState();
  toast({ title: 'Warning', description: MESSAGES.sessionEnded, variant: 'warning' });
}
