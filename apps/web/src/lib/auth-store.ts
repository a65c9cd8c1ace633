import type { AuthProvider, AuthSuccess, Permission, SessionUser } from '@parley/contracts';
import { STORAGE_KEYS } from './config';
import { createStore, useStore } from './store';

export type AuthStatus = 'idle' | 'loading' | 'success' | 'failed';

/** Authentication state (spec 1 §3). The access token lives in memory only. */
export interface AuthState {
  status: AuthStatus;
  isAuthenticated: boolean;
  user: SessionUser | null;
  accessToken: string | null;
  authProvider: AuthProvider | null;
}

const initialAuth: AuthState = {
  status: 'idle',
  isAuthenticated: false,
  user: null,
  accessToken: null,
  authProvider: null,
};

export const authStore = createStore<AuthState>(initialAuth);

export function useAuth(): AuthState {
  return useStore(authStore);
}

/**
 * Whether the signed-in user's role holds a permission: the one way the web decides to show
 * an action (the server checks the same permission from the route's contract).
 */
export function useCan(permission: Permission): boolean {
  return useAuth().user?.permissions.includes(permission) ?? false;
}

export function setAuthenticated(result: AuthSuccess): void {
  writeStoredUserId(result.user.id);
  authStore.set({
    status: 'success',
    isAuthenticated: true,
    user: result.user,
    accessToken: result.accessToken,
    authProvider: result.authProvider,
  });
}

export function setAuthLoading(): void {
  authStore.set((s) => ({ ...s, status: 'loading' }));
}

/** Any rejection: status failed, not authenticated, nothing kept in memory. */
export function setAuthFailed(): void {
  authStore.set({ ...initialAuth, status: 'failed' });
}

export function updateSessionUser(patch: Partial<SessionUser>): void {
  authStore.set((s) => (s.user ? { ...s, user: { ...s.user, ...patch } } : s));
}

export function getAccessToken(): string | null {
  return authStore.get().accessToken;
}

export function readStoredUserId(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.userId);
  } catch {
    return null;
  }
}

export function writeStoredUserId(id: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.userId, id);
  } catch {
    /* storage unavailable: the session simply won't survive a reload */
  }
}

export function removeStoredUserId(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.userId);
  } catch {
    /* ignore */
  }
}
