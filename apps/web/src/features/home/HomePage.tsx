import { Link } from 'react-router';
import { ArrowRight, CreditCard } from 'lucide-react';
import type { SessionUser } from '@parley/contracts';
import { useAuth } from '../../lib/auth-store';
import { formatDate, formatNumber } from '../../lib/format';
import { navigationFor } from '../../lib/navigation';
import { buttonClasses, Card, PageHeader } from '../../ui';

function PlanSummary({ user }: { user: SessionUser }) {
  const { plan } = user;
  if (user.role === 'superadmin' || user.role === 'talentPoolUser') return null;
  if (!plan) {
    return (
      <Card className="flex flex-wrap items-center justify-between gap-4 p-5">
        <div className="flex items-center gap-3">
          <span className="grid size-9 place-items-center rounded-full bg-warning-soft text-warning">
            <CreditCard className="size-4" aria-hidden />
          </span>
          <div>
            <p className="text-sm font-medium text-fg">No active plan</p>
            <p className="text-sm text-muted">Your organisation has not chosen a plan yet.</p>
          </div>
        </div>
        <Link to="/pricing" className={buttonClasses('secondary', 'sm')}>
          View plans
        </Link>
      </Card>
    );
  }
  return (
    <Card className="flex flex-wrap items-center gap-x-10 gap-y-3 p-5">
      <div>
        <p className="text-xs font-medium text-subtle">Plan</p>
        <p className="text-sm font-medium text-fg">{plan.name}</p>
      </div>
      <div>
        <p className="text-xs font-medium text-subtle">Credits remaining</p>
        <p className="text-sm font-medium text-fg tabular">{formatNumber(plan.remainingCredits)}</p>
      </div>
      {plan.endDate ? (
        <div>
          <p className="text-xs font-medium text-subtle">Renews or ends</p>
          <p className="text-sm font-medium text-fg">{formatDate(plan.endDate)}</p>
        </div>
      ) : null}
    </Card>
  );
}

/** Home (/ for enterprise roles, /home for talent pool): a welcome and the user's areas. */
export default function HomePage() {
  const { user } = useAuth();
  if (!user) return null;
  const areas = navigationFor(user).filter((i) => i.path !== '/' && i.path !== '/home');
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={`Welcome, ${user.firstName || user.email}`}
        description={
          user.organization.isB2C
            ? 'Pick up where you left off.'
            : `${user.organization.name} · Pick up where you left off.`
        }
        className="pb-0"
      />
      <PlanSummary user={user} />
      <section aria-labelledby="areas-heading" className="flex flex-col gap-3">
        <h2 id="areas-heading" className="text-sm font-medium text-muted">
          Your areas
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {areas.map((area) => (
            <li key={area.path}>
              <Link
                to={area.path}
                className="group flex h-full items-start gap-4 rounded-card border border-border bg-surface p-5 shadow-sm transition-colors hover:border-border-strong hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <span className="grid size-9 shrink-0 place-items-center rounded-card bg-accent-soft text-accent-soft-fg">
                  <area.icon className="size-[18px]" aria-hidden />
                </span>
                <span className="flex min-w-0 flex-1 flex-col gap-1">
                  <span className="text-sm font-semibold text-fg">{area.title}</span>
                  <span className="text-sm text-muted">{area.description}</span>
                </span>
                <ArrowRight
                  className="mt-0.5 size-4 shrink-0 text-subtle transition-transform group-hover:translate-x-0.5 group-hover:text-fg"
                  aria-hidden
                />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
