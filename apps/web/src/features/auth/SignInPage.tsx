import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { authRoutes, requestSigninBody } from '@parley/contracts';
import { api } from '../../lib/api';
import { APP_CONFIG } from '../../lib/config';
import { Button, PageSpinner, TextField } from '../../ui';
import { AuthHeading } from './AuthHeading';
import { inlineError } from './errors';
import { readPending, savePending } from './pending';
import { SsoButtons } from './SsoButtons';
import { useSsoReturn } from './use-sso-return';

interface SignInState {
  from?: string;
  email?: string;
}

export default function SignInPage() {
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as SignInState;
  const from = state.from ?? readPending('signin')?.from;
  const { completing } = useSsoReturn(from);
  // An invitation's link names the address: /signin?email=…
  const invited = useSearchParams()[0].get('email');
  const [email, setEmail] = useState(
    () => state.email ?? invited ?? readPending('signin')?.email ?? '',
  );
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const parsed = requestSigninBody.safeParse({ email });
  const formatError =
    touched && email && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  const request = useMutation({
    mutationFn: (address: string) =>
      api(authRoutes.requestSignin, { body: { email: address }, toast: false }),
    onSuccess: (_res, address) => {
      savePending({ kind: 'signin', email: address, from });
      navigate('/verify-signin', { state: { from } });
    },
    onError: (e) => setServerError(inlineError(e, 'SignIn Request failed')),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!parsed.success || request.isPending) return;
    setServerError(null);
    request.mutate(parsed.data.email);
  };

  if (completing) return <PageSpinner />;

  return (
    <>
      <AuthHeading title={`Sign in to ${APP_CONFIG.productName}`}>
        Enter your work email and we’ll send you a six-digit code.
      </AuthHeading>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          autoFocus
          placeholder={APP_CONFIG.emailPlaceholder}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setServerError(null);
          }}
          onBlur={() => setTouched(true)}
          error={serverError ?? formatError}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={!parsed.success}
          loading={request.isPending}
        >
          Continue
        </Button>
      </form>
      <div className="mt-3">
        <SsoButtons />
      </div>
      <p className="mt-8 text-center text-sm text-muted">
        Don’t have an account?{' '}
        <Link to="/signup" className="font-medium text-accent-text hover:underline">
          Sign up
        </Link>
      </p>
    </>
  );
}
