import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { refreshSession } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useFinishSignIn } from './finish-sign-in';

/**
 * The server finishes single sign-on by redirecting to /signin?sso={provider}&userId={id}
 * (we then refresh credentials with that id) or /signin?ssoError={message}.
 */
export function useSsoReturn(from?: string): { completing: boolean } {
  const [params, setParams] = useSearchParams();
  const finish = useFinishSignIn();
  const sso = params.get('sso');
  const userId = params.get('userId');
  const ssoError = params.get('ssoError');
  const [completing, setCompleting] = useState(Boolean(sso && userId));
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    if (ssoError) {
      started.current = true;
      toast({ title: 'Error', description: ssoError, variant: 'error' });
      setParams({}, { replace: true });
      return;
    }
    if (!sso || !userId) return;
    started.current = true;
    refreshSession(userId)
      .then((result) => finish(result, from))
      .catch(() => {
        toast({
          title: 'Error',
          description: 'Something went wrong in logging in',
          variant: 'error',
        });
        setCompleting(false);
        setParams({}, { replace: true });
      });
  }, [sso, userId, ssoError, from, finish, setParams]);

  return { completing };
}
