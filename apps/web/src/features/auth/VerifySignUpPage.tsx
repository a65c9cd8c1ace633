import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { authRoutes } from '@parley/contracts';
import { api } from '../../lib/api';
import { useFinishSignIn } from './finish-sign-in';
import { readPending } from './pending';
import { VerifyCodeForm } from './VerifyCodeForm';

export default function VerifySignUpPage() {
  const navigate = useNavigate();
  const finish = useFinishSignIn();
  // Read once: finishing the sign-in clears it, and this page must not bounce back meanwhile.
  const [pending] = useState(() => readPending('signup'));
  if (!pending) return <Navigate to="/signup" replace />;
  const { email, signup } = pending;
  return (
    <VerifyCodeForm
      email={email}
      failure="Signup Request failed"
      verify={(code) => api(authRoutes.verifySignup, { body: { email, code }, toast: false })}
      onVerified={(result) => finish(result)}
      resend={() => api(authRoutes.requestSignup, { body: signup, toast: false })}
      onChangeEmail={() => navigate('/signup', { state: { signup } })}
    />
  );
}
