import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Bot,
  CalendarDays,
  ChevronRight,
  Cloud,
  Handshake,
  Info,
  type LucideIcon,
} from 'lucide-react';
import { useAuth, useCan } from '../../lib/auth-store';
import { isInNavigation, navigationFor } from '../../lib/navigation';
import { Badge, buttonClasses } from '../../ui';
import { useAiProviders, useConfigurations, useCrmStatus } from './api';
import { connectionItems, type ConnectionKind } from './onboarding';

const ICONS: Record<ConnectionKind, LucideIcon> = { storage: Cloud, ai: Bot, crm: Handshake };

/**
 * /integrations: the onboarding step in the auth layout. Lists what can be connected today and
 * links to where each is done; statuses show only what the caller's role may read.
 */
export default function IntegrationsOnboardingPage() {
  const user = useAuth().user;
  // A job seeker's account has no integrations (no App Integrations in their menu).
  const reachable = !!user && isInNavigation('/app-integrations', navigationFor(user));
  const canManage = useCan('integrations.manage');
  const canReadStorage = useCan('meetings.upload') && reachable;
  const canReadAi = useCan('zai.use') && reachable;
  const storage = useConfigurations({ enabled: canReadStorage });
  const ai = useAiProviders({ enabled: canReadAi });
  const crm = useCrmStatus({ enabled: canReadStorage });
  if (!user) return null;
  // Spec 1 §2: a point of contact without a plan may open only the onboarding paths.
  const needsPlan = user.role === 'poc' && user.plan === null;
  const items = connectionItems({
    storage: storage.data,
    ai: ai.data,
    crm: crm.data?.data,
  });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-fg">Connect your tools</h1>
        <p className="text-sm text-muted">
          Parley works without any of these. Connect the services your team already uses, now or
          later from App Integrations.
        </p>
      </div>
      {!reachable ? (
        <p className="text-sm text-muted" data-testid="nothing-to-connect">
          Your account has nothing to connect: integrations belong to an organization.
        </p>
      ) : (
        <>
          {needsPlan ? (
            <Note>
              Choose a plan first: your organization’s connections open once it has one.{' '}
              <Link
                to="/pricing?onboarding=true"
                className="font-medium text-accent-text underline"
              >
                See plans
              </Link>
            </Note>
          ) : !canManage ? (
            <Note>
              Only your organization’s point of contact can connect these; you can see what is
              connected.
            </Note>
          ) : null}
          <ul
            aria-label="What you can connect"
            className="divide-y divide-border rounded-card border border-border bg-surface"
          >
            {items.map((item) => {
              const Icon = ICONS[item.kind];
              return (
                <li key={item.kind}>
                  <Link
                    to={item.to}
                    className="flex items-start gap-3 px-4 py-3 hover:bg-surface-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <Icon className="mt-0.5 size-5 shrink-0 text-subtle" aria-hidden />
                    <span className="flex min-w-0 flex-1 flex-col gap-1">
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="text-sm font-medium text-fg">{item.title}</span>
                        {item.status ? (
                          <Badge tone={item.status.connected ? 'success' : 'neutral'}>
                            {item.status.text}
                          </Badge>
                        ) : null}
                      </span>
                      <span className="text-sm text-muted">{item.description}</span>
                    </span>
                    <ChevronRight className="mt-0.5 size-4 shrink-0 text-subtle" aria-hidden />
                  </Link>
                </li>
              );
            })}
          </ul>
          <p className="flex items-start gap-2 text-xs text-subtle">
            <CalendarDays className="mt-px size-4 shrink-0" aria-hidden />
            Each member connects their own calendar, and Zoom recordings are connected, on App
            Integrations. The recording bot for Zoom, Google Meet and Teams calls is set up on the
            server (its card is on App Integrations).
          </p>
        </>
      )}
      <Link to="/configuration" className={buttonClasses('primary')}>
        Continue
      </Link>
    </div>
  );
}

function Note({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-card border border-border bg-surface-2 px-3 py-2 text-sm text-muted">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{children}</span>
    </p>
  );
}
