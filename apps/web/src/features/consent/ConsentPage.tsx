import { useDocumentTitle } from '../../lib/use-document-title';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { BadgeCheck, Eye, FileLock, Handshake, ShieldCheck, Sparkles, Video } from 'lucide-react';
import { consentRoutes, isB2CPosition, MESSAGES } from '@parley/contracts';
import { api } from '../../lib/api';
import { updateSessionUser, useAuth } from '../../lib/auth-store';
import { signOut } from '../../lib/session';
import { toast } from '../../lib/toast';
import { Button, CheckboxField, LogoMark } from '../../ui';

export const CONSENT_TITLE = 'Accept & Continue, Terms of Service & Data Consent';

const POINTS = [
  {
    icon: Video,
    text: 'We collect the video, audio, resume data, job descriptions and behavioral analytics from your interviews.',
  },
  { icon: Eye, text: 'Your data is used only for your own assessment and feedback.' },
  { icon: Handshake, text: 'Your data is shared with companies only with your consent.' },
  { icon: FileLock, text: 'Your recordings are encrypted.' },
  {
    icon: ShieldCheck,
    text: 'You own your data: you can ask for access to it, or for its deletion, at any time.',
  },
  {
    icon: Sparkles,
    text: 'You agree to AI-driven interviews and to the automated evaluation of your answers.',
  },
];

/** Spec 1 §2 and §4: individual users accept the terms and data consent before going on. */
export default function ConsentPage() {
  useDocumentTitle('Consent');
  const navigate = useNavigate();
  const { user } = useAuth();
  const [agreed, setAgreed] = useState(false);

  const save = useMutation({
    mutationFn: () => api(consentRoutes.saveConsent, { body: { b2cConsent: true }, toast: false }),
    onSuccess: (result) => {
      if (result?.b2cConsent) {
        updateSessionUser({ b2cConsent: true });
        navigate('/profile', { replace: true });
      } else {
        toast({ title: 'Error', description: MESSAGES.consentFailed, variant: 'error' });
      }
    },
    onError: () => toast({ title: 'Error', description: MESSAGES.consentFailed, variant: 'error' }),
  });

  if (!user) return null;
  if (!isB2CPosition(user.position)) return <Navigate to="/signin" replace />;
  if (user.b2cConsent && !save.isSuccess) return <Navigate to="/profile" replace />;

  const optOut = async () => {
    await signOut();
    navigate('/signin', { replace: true });
  };

  return (
    <div className="min-h-dvh bg-bg px-4 py-10 sm:py-16">
      <main className="mx-auto flex w-full max-w-2xl flex-col gap-8">
        <LogoMark />
        <div className="rounded-card border border-border bg-surface p-6 shadow-sm sm:p-8">
          <div className="flex flex-col gap-2">
            <span className="inline-flex w-fit items-center gap-1.5 rounded-full bg-accent-soft px-2.5 py-1 text-xs font-medium text-accent-soft-fg">
              <BadgeCheck className="size-3.5" aria-hidden /> One last step
            </span>
            <h1 className="text-2xl font-semibold tracking-tight text-fg">{CONSENT_TITLE}</h1>
            <p className="text-sm text-muted">
              Please read how we handle your data before you continue.
            </p>
          </div>
          <ul className="mt-6 flex flex-col divide-y divide-border rounded-card border border-border">
            {POINTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3 px-4 py-3 text-sm text-fg">
                <Icon className="mt-0.5 size-4 shrink-0 text-accent-text" aria-hidden />
                {text}
              </li>
            ))}
          </ul>
          <CheckboxField
            className="mt-6"
            label="I agree with all the above"
            checked={agreed}
            onCheckedChange={setAgreed}
            disabled={save.isPending}
          />
          <div className="mt-6 flex flex-col-reverse items-stretch gap-3 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
            <Button variant="link" onClick={() => void optOut()} className="self-center">
              Don't agree? Opt out
            </Button>
            <Button
              size="lg"
              disabled={!agreed}
              loading={save.isPending}
              onClick={() => save.mutate()}
            >
              Continue
            </Button>
          </div>
        </div>
      </main>
    </div>
  );
}
