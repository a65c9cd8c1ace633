import { useNavigate, useSearchParams, Link } from 'react-router';
import { CreditCard, LogOut, SlidersHorizontal } from 'lucide-react';
import type { Plan } from '@parley/contracts';
import { useAuth } from '../../lib/auth-store';
import { formatDate, formatNumber } from '../../lib/format';
import { signOut } from '../../lib/session';
import { Button, buttonClasses, Card, EmptyState, PageHeader } from '../../ui';

function CurrentPlan({ plan }: { plan: Plan }) {
  return (
    <Card className="p-6">
      <p className="text-xs font-medium text-subtle">Current plan</p>
      <p className="mt-1 text-xl font-semibold text-fg">{plan.name}</p>
      <dl className="mt-4 grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">Credits remaining</dt>
          <dd className="font-medium text-fg tabular">{formatNumber(plan.remainingCredits)}</dd>
        </div>
        <div>
          <dt className="text-muted">Type</dt>
          <dd className="font-medium text-fg capitalize">{plan.type}</dd>
        </div>
        {plan.endDate ? (
          <div>
            <dt className="text-muted">Ends</dt>
            <dd className="font-medium text-fg">{formatDate(plan.endDate)}</dd>
          </div>
        ) : null}
      </dl>
      {plan.currentBundles.length ? (
        <ul className="mt-5 flex flex-wrap gap-2">
          {plan.currentBundles.map((b) => (
            <li
              key={b.id}
              className="rounded-control bg-surface-2 px-2 py-1 text-xs font-medium text-fg"
            >
              {b.name}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

/** /pricing (shell without sidebar). With ?onboarding=true: the organisation has no plan yet. */
export default function PricingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const onboarding = params.get('onboarding') === 'true';
  const logOut = async () => {
    await signOut();
    navigate('/signin', { replace: true });
  };

  if (onboarding) {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader
          title="Choose a plan"
          description="Your organisation has no active plan yet, so its areas stay closed until it has one."
        />
        <EmptyState
          icon={CreditCard}
          title="Plans and card payment are not available yet"
          description="Plans and card payment arrive with the billing area. Meanwhile you can set up your profile and organisation in Configuration."
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Link to="/configuration" className={buttonClasses('secondary')}>
                <SlidersHorizontal aria-hidden /> Go to Configuration
              </Link>
              <Button variant="ghost" onClick={() => void logOut()}>
                <LogOut aria-hidden /> Sign out
              </Button>
            </div>
          }
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Plans"
        description="Credit-based plans for your organisation, paid by card."
      />
      {user?.plan ? <CurrentPlan plan={user.plan} /> : null}
      <EmptyState
        icon={CreditCard}
        title="Plan choice is on its way"
        description="Plans, bundles, credit slabs and card payment arrive with the billing area."
      />
    </div>
  );
}
