import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { OTP_LENGTH, OTP_TTL_MINUTES, type AuthSuccess } from '@parley/contracts';
import { toast } from '../../lib/toast';
import { Button, TextField } from '../../ui';
import { AuthHeading } from './AuthHeading';
import { inlineError } from './errors';

interface VerifyCodeFormProps {
  email: string;
  verify(code: string): Promise<AuthSuccess>;
  onVerified(result: AuthSuccess): void;
  resend(): Promise<unknown>;
  onChangeEmail(): void;
  /** Default message when verification fails without a server message. */
  failure: string;
}

/** Six-digit code entry shared by sign-in and sign-up. */
export function VerifyCodeForm({
  email,
  verify,
  onVerified,
  resend,
  onChangeEmail,
  failure,
}: VerifyCodeFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const complete = new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code);

  const verifying = useMutation({
    mutationFn: verify,
    onSuccess: onVerified,
    onError: (e) => setError(inlineError(e, 'The code is wrong or has expired')),
  });
  const resending = useMutation({
    mutationFn: resend,
    onSuccess: () => {
      setError(null);
      toast({
        title: 'A new code is on its way',
        description: `Sent to ${email}`,
        variant: 'info',
      });
    },
    onError: (e) => setError(inlineError(e, failure)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!complete || verifying.isPending) return;
    setError(null);
    verifying.mutate(code);
  };

  return (
    <>
      <AuthHeading title="Check your email">
        We sent a six-digit code to <span className="font-medium text-fg">{email}</span>. It expires
        in {OTP_TTL_MINUTES} minutes.
      </AuthHeading>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <TextField
          label="Verification code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          maxLength={OTP_LENGTH}
          placeholder="000000"
          className="[&_input]:h-11 [&_input]:font-mono [&_input]:text-xl [&_input]:tracking-[0.5em] [&_input]:tabular-nums"
          value={code}
          onChange={(e) => {
            setCode(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH));
            setError(null);
          }}
          error={error ?? undefined}
        />
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={!complete}
          loading={verifying.isPending}
        >
          Verify
        </Button>
      </form>
      <div className="mt-6 flex items-center justify-between text-sm">
        <Button variant="link" onClick={onChangeEmail}>
          Change email
        </Button>
        <Button
          variant="link"
          onClick={() => resending.mutate()}
          disabled={resending.isPending}
          aria-busy={resending.isPending || undefined}
        >
          {resending.isPending ? 'Sending…' : 'Resend code'}
        </Button>
      </div>
    </>
  );
}
