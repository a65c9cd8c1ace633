import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { CircleExclamationPoint, Compass, Lock, ShieldX, type LucideIcon } from 'lucide-react';
import { APP_CONFIG } from '../../lib/config';
import { clearClientState } from '../../lib/session';
import { Button, LogoMark } from '../../ui';
import { useInShell } from '../shell/in-shell';

export type ErrorKind = 401 | 403 | 404 | 'other';

/** Spec 1 §2 error screens: exact texts, split into a lead and a line only visually. */
const SCREENS: Record<ErrorKind, { lead: string; rest: string; icon: LucideIcon; code?: string }> =
  {
    401: {
      lead: 'Unauthenticated Entry:',
      rest: 'Please login to continue',
      icon: Lock,
      code: '401',
    },
    403: {
      lead: 'Forbidden Access:',
      rest: 'This page is restricted to authorized users only',
      icon: ShieldX,
      code: '403',
    },
    404: {
      lead: 'Page not found:',
      rest: "Let's get you back on track",
      icon: Compass,
      code: '404',
    },
    other: {
      lead: 'Error:',
      rest: "Don't worry, our support team is here to help. Get in touch!",
      icon: CircleExclamationPoint,
    },
  };

export function ErrorScreen({
  kind,
  unexpected = false,
}: {
  kind: ErrorKind;
  unexpected?: boolean;
}) {
  const navigate = useNavigate();
  const inShell = useInShell();
  const { lead, rest, icon: Icon, code } = SCREENS[kind];

  let actions: ReactNode;
  if (kind === 401) {
    actions = <Button onClick={() => navigate('/signin')}>Login</Button>;
  } else if (kind === 'other') {
    actions = (
      <Button
        onClick={() => {
          clearClientState();
          navigate('/signin', { replace: true });
        }}
      >
        Please Login Again
      </Button>
    );
  } else {
    actions = (
      <>
        <Button variant="secondary" onClick={() => navigate(-1)}>
          Back
        </Button>
        <Button onClick={() => navigate('/')}>Home</Button>
      </>
    );
  }

  const content = (
    <div className="flex max-w-md flex-col items-center gap-5 text-center">
      {unexpected ? (
        <p className="rounded-full bg-danger-soft px-3 py-1 text-xs font-medium text-danger">
          Unexpected Application Error!
        </p>
      ) : null}
      <span className="grid size-12 place-items-center rounded-full bg-surface-2 text-muted">
        <Icon className="size-6" aria-hidden />
      </span>
      {code ? (
        <p aria-hidden className="text-3xl font-semibold tracking-tight text-subtle tabular">
          {code}
        </p>
      ) : null}
      <h1 className="flex flex-col gap-1">
        {/* The spec's sentence is "Page not found: Let's…"; set on two lines, the colon is read, not shown. */}
        <span className="text-2xl font-semibold tracking-tight text-fg">
          {lead.replace(/:$/, '')}
          <span className="sr-only">:</span>
        </span>{' '}
        <span className="text-base text-muted">{rest}</span>
      </h1>
      {kind === 'other' ? (
        <p className="text-sm text-muted">
          Write to{' '}
          <a
            className="font-medium text-accent-text hover:underline"
            href={`mailto:${APP_CONFIG.supportEmail}`}
          >
            {APP_CONFIG.supportEmail}
          </a>
        </p>
      ) : null}
      <div className="mt-2 flex gap-2">{actions}</div>
    </div>
  );

  if (inShell)
    return <div className="flex min-h-[60vh] items-center justify-center">{content}</div>;
  return (
    <div className="flex min-h-dvh flex-col bg-bg">
      <div className="px-6 py-5">
        <LogoMark />
      </div>
      <main className="flex flex-1 items-center justify-center px-6 pb-24">{content}</main>
    </div>
  );
}
