import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authRoutes } from '@parley/contracts';
import { api, isApiError } from '../lib/api';
import { authStore, useAuth } from '../lib/auth-store';
import { SESSION_CHECK_INTERVAL_MS, STORAGE_KEYS } from '../lib/config';
import { clearClientState, endSessionElsewhere } from '../lib/session';

/**
 * Spec 1 §4: check-session on every navigation, on window focus and every 30 s while signed in;
 * a 401 means the user signed in elsewhere. Also follows a logout in another tab.
 */
export function SessionWatcher() {
  const { isAuthenticated, user } = useAuth();
  const email = isAuthenticated ? user?.email : undefined;
  const location = useLocation();
  const navigate = useNavigate();
  const inFlight = useRef(false);

  const check = useCallback(async () => {
    if (!email || inFlight.current) return;
    inFlight.current = true;
    try {
      await api(authRoutes.checkSession, { body: { email }, toast: false });
    } catch (e) {
      if (isApiError(e, 401) && authStore.get().isAuthenticated) {
        endSessionElsewhere();
        navigate('/signin', { replace: true });
      }
    } finally {
      inFlight.current = false;
    }
  }, [email, navigate]);

  useEffect(() => {
    void check();
  }, [location.key, check]);

  useEffect(() => {
    if (!email) return;
    const onFocus = () => void check();
    window.addEventListener('focus', onFocus);
    const timer = window.setInterval(() => void check(), SESSION_CHECK_INTERVAL_MS);
    return () => {
      window.removeEventListener('focus', onFocus);
      window.clearInterval(timer);
    };
  }, [email, check]);

  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      const removed = (e.key === STORAGE_KEYS.userId && e.newValue === null) || e.key === null;
      if (!removed || !authStore.get().isAuthenticated) return;
      clearClientState();
      navigate('/signin', { replace: true });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [navigate]);

  return null;
}
