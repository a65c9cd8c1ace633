import { useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { authRoutes } from '@parley/contracts';
import { api } from '../../lib/api';
import { useFinishSignIn } from './finish-sign-in';
import { readPending } from './pending';
import { VerifyCodeForm } from './VerifyCodeForm';

export default function VerifySignInPage() {
  const navigate = useNavigate();
  const finish = useFinishSignIn();
  // Read once: finishing the sign-in clears it, and this page must not bounce back meanwhile.
  const [pending] = useState(() => readPending('signin'));
  const from = ((useLocation().state ?? {}) as { from?: string }).from ?? pending?.from;
  if (!pending) return <Navigate to="/signin" replace />;
  const { email } = pending;
  return (
    <VerifyCodeForm
      email={email}
      failure="SignIn Request failed"
      verify={(code) => api(authRoutes.verifySignin, { body: { email, code }, toast: false })}
      onVerified={(result) => finish(result, from)}
      resend={() => api(authRoutes.requestSignin, { body: { email }, toast: false })}
      onChangeEmail={() => navigate('/signin', { state: { email, from } })}
    />
  );
}
