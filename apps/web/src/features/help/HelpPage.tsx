import { Gauge, KeyRound, LifeBuoy, MonitorSmartphone, Palette } from 'lucide-react';
import { Link } from 'react-router';
import type { LucideIcon } from 'lucide-react';
import { OTP_LENGTH, OTP_MAX_WRONG_TRIES, OTP_TTL_MINUTES } from '@parley/contracts';
import { APP_CONFIG } from '../../lib/config';
import { Card, PageHeader } from '../../ui';
import { ABOUT_ANALYSIS_PATH } from '../accuracy';

const TOPICS: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: KeyRound,
    title: 'Signing in',
    body: `${APP_CONFIG.productName} has no passwords. Enter your email and we send a ${OTP_LENGTH}-digit code, valid for ${OTP_TTL_MINUTES} minutes. After ${OTP_MAX_WRONG_TRIES} wrong tries, ask for a new code.`,
  },
  {
    icon: MonitorSmartphone,
    title: 'One device at a time',
    body: 'Signing in on another device ends the session here. You will see a warning and can sign in again.',
  },
  {
    icon: Palette,
    title: 'Light and dark',
    body: 'Choose Light, Dark or System from the user menu. Your choice is remembered on this device.',
  },
];

export default function HelpPage() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Help"
        description={`Answers to common questions about ${APP_CONFIG.productName}.`}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {TOPICS.map(({ icon: Icon, title, body }) => (
          <Card key={title} className="flex gap-4 p-5">
            <Icon className="mt-0.5 size-5 shrink-0 text-accent-text" aria-hidden />
            <div className="flex flex-col gap-1">
              <h2 className="text-sm font-semibold text-fg">{title}</h2>
              <p className="text-sm text-muted">{body}</p>
            </div>
          </Card>
        ))}
        <Card className="flex gap-4 p-5">
          <Gauge className="mt-0.5 size-5 shrink-0 text-accent-text" aria-hidden />
          <div className="flex flex-col gap-1">
            <h2 className="text-sm font-semibold text-fg">How accurate is the analysis?</h2>
            <p className="text-sm text-muted">
              Each signal’s measured accuracy, the data it was measured on and which values are
              estimates:{' '}
              <Link
                className="font-medium text-accent-text hover:underline"
                to={ABOUT_ANALYSIS_PATH}
              >
                About the analysis
              </Link>
              .
            </p>
          </div>
        </Card>
        <Card className="flex gap-4 p-5">
          <LifeBuoy className="mt-0.5 size-5 shrink-0 text-accent-text" aria-hidden />
          <div className="flex flex-col gap-1">
            <h2 className="text-sm font-semibold text-fg">Contact support</h2>
            <p className="text-sm text-muted">
              Write to{' '}
              <a
                className="font-medium text-accent-text hover:underline"
                href={`mailto:${APP_CONFIG.supportEmail}`}
              >
                {APP_CONFIG.supportEmail}
              </a>{' '}
              and we will get back to you.
            </p>
          </div>
        </Card>
      </div>
    </div>
  );
}
