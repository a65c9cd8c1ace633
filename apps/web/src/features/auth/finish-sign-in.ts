import { useNavigate } from 'react-router';
import type { AuthSuccess } from '@parley/contracts';
import { setAuthenticated } from '../../lib/auth-store';
import { navigationFor } from '../../lib/navigation';
import { clearPending } from './pending';

/** Store the session and go where the user was heading, or to their first navigation item. */
export function useFinishSignIn() {
  const navigate = useNavigate();
  return (result: AuthSuccess, from?: string) => {
    setAuthenticated(result);
    clearPending();
    const target =
      from && from.startsWith('/') && !from.startsWith('//')
        ? from
        : navigationFor(result.user)[0]?.path;
    navigate(target ?? '/', { replace: true });
  };
}
