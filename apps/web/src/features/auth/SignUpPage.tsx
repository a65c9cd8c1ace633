import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { authRoutes, requestSignupBody } from '@parley/contracts';
import { api, isApiError } from '../../lib/api';
import { APP_CONFIG } from '../../lib/config';
import { Button, TextField } from '../../ui';
import { AccountTypeChoice, type AccountType } from './AccountTypeChoice';
import { AuthHeading } from './AuthHeading';
import { inlineError } from './errors';
import { readPending, savePending, type SignupRequest } from './pending';
import { splitName } from './split-name';

function initialForm(prev: SignupRequest | undefined) {
  return {
    name: prev ? [prev.firstName, prev.lastName].filter(Boolean).join(' ') : '',
    email: prev?.email ?? '',
    accountType: (prev?.accountType ?? 'team') as AccountType,
    organizationName: prev?.organizationName ?? '',
  };
}

export default function SignUpPage() {
  const navigate = useNavigate();
  const prev =
    ((useLocation().state ?? {}) as { signup?: SignupRequest }).signup ??
    readPending('signup')?.signup;
  const [form, setForm] = useState(() => initialForm(prev));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverError, setServerError] = useState<{ text: string; exists: boolean } | null>(null);

  const team = form.accountType === 'team';
  const body: SignupRequest = {
    email: form.email,
    ...splitName(form.name),
    accountType: form.accountType,
    organizationName: team ? form.organizationName.trim() : undefined,
  };
  const parsed = requestSignupBody.safeParse(body);
  const issue = (field: string) =>
    touched[field] && !parsed.success
      ? parsed.error.issues.find((i) => i.path[0] === field)?.message
      : undefined;
  const orgMissing = team && !form.organizationName.trim();
  const valid = parsed.success && !orgMissing;

  const request = useMutation({
    mutationFn: (b: SignupRequest) => api(authRoutes.requestSignup, { body: b, toast: false }),
    onSuccess: (_r, b) => {
      savePending({ kind: 'signup', email: b.email, signup: b });
      navigate('/verify-signup');
    },
    onError: (e) =>
      setServerError({ text: inlineError(e, 'Signup Request failed'), exists: isApiError(e, 409) }),
  });

  const update = (patch: Partial<typeof form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setServerError(null);
  };
  const blur = (field: string) => () => setTouched((t) => ({ ...t, [field]: true }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid || !parsed.success || request.isPending) return;
    request.mutate({ ...body, email: parsed.data.email });
  };

  return (
    <>
      <AuthHeading title="Create your account">
        Start with {APP_CONFIG.productName} in a minute. We’ll email you a code to confirm your
        address.
      </AuthHeading>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <AccountTypeChoice
          value={form.accountType}
          onChange={(accountType) => update({ accountType })}
        />
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          placeholder="First and last name"
          value={form.name}
          onChange={(e) => update({ name: e.target.value })}
          onBlur={blur('firstName')}
          error={issue('firstName')}
        />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder={APP_CONFIG.emailPlaceholder}
          value={form.email}
          onChange={(e) => update({ email: e.target.value })}
          onBlur={blur('email')}
          error={issue('email')}
        />
        {team ? (
          <TextField
            label="Organization"
            name="organizationName"
            autoComplete="organization"
            placeholder="Acme Inc."
            value={form.organizationName}
            onChange={(e) => update({ organizationName: e.target.value })}
            onBlur={blur('organizationName')}
            error={
              touched.organizationName && orgMissing
                ? 'Please enter your organization’s name'
                : undefined
            }
            hint="You’ll be its point of contact and can invite colleagues later."
          />
        ) : null}
        {serverError ? (
          <p role="alert" className="rounded-card bg-danger-soft px-3 py-2 text-sm text-danger">
            {serverError.text}
            {serverError.exists ? (
              <>
                {' '}
                <Link to="/signin" state={{ email: form.email }} className="font-medium underline">
                  Go to sign in
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={!valid}
          loading={request.isPending}
        >
          Create account
        </Button>
      </form>
      <p className="mt-8 text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to="/signin" className="font-medium text-accent-text hover:underline">
          Sign in
        </Link>
      </p>
    </>
  );
}
