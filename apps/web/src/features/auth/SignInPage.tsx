import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { authRoutes, requestSigninBody } from '@parley/contracts';
import { api, isApiError } from '../../lib/api';
import { APP_CONFIG } from '../../lib/config';
import { Button, PageSpinner, TextField } from '../../ui';
import { AuthHeading } from './AuthHeading';
import { inlineError } from './errors';
import { readPending, savePending } from './pending';
import { SsoButtons } from './SsoButtons';
import { useSsoReturn } from './use-sso-return';
import { minutesAndSeconds, useSecondsUntil } from './use-seconds-until';

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
  // After a 429: when the server takes a new request for this address (Retry-After).
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const waitSeconds = useSecondsUntil(retryAt);
  // The wait is over: the refusal no longer holds.
  useEffect(() => {
    if (retryAt !== null && waitSeconds === 0) {
      setRetryAt(null);
      setServerError(null);
    }
  }, [retryAt, waitSeconds]);

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
    onError: (e) => {
      setServerError(inlineError(e, 'SignIn Request failed'));
      if (isApiError(e, 429) && e.retryAfterSeconds)
        setRetryAt(Date.now() + e.retryAfterSeconds * 1000);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!parsed.success || request.isPending || waitSeconds > 0) return;
    setServerError(null);
    request.mutate(parsed.data.email);
  };

  // Why Continue is disabled, said next to it rather than left to guess.
  let hint: string | null = null;
  if (waitSeconds > 0) hint = `You can request a new code in ${minutesAndSeconds(waitSeconds)}.`;
  else if (!email.trim()) hint = 'Enter your work e-mail to continue.';
  else if (!parsed.success) hint = 'Enter a valid e-mail address to continue.';

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
            setRetryAt(null);
          }}
          onBlur={() => setTouched(true)}
          error={serverError ?? formatError}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={!parsed.success || waitSeconds > 0}
          loading={request.isPending}
          aria-describedby={hint ? 'signin-hint' : undefined}
        >
          Continue
        </Button>
        {hint && (
          <p id="signin-hint" className="-mt-2 text-center text-sm text-muted">
            {hint}
          </p>
        )}
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
