import { useNavigate, useSearchParams, Link } from 'react-router';
import { CreditCard, Library, LogOut, SlidersHorizontal, Sparkles } from 'lucide-react';
import { FREE_PLAN_TYPE, type Plan } from '@parley/contracts';
import { useAuth, useCan } from '../../lib/auth-store';
import { formatNumber } from '../../lib/format';
import { formatDate } from '../../lib/datetime';
import { signOut } from '../../lib/session';
import { Button, buttonClasses, Card, EmptyState, PageHeader } from '../../ui';
import { useFreeMeetingCredits, useStartFreePlan } from './api';

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

/** The way in for an organisation without a plan: the free plan, one click away. */
function FreePlanOffer(props: { canStart: boolean; onStarted(): void; onLogOut(): void }) {
  const { canStart, onStarted, onLogOut } = props;
  const credits = useFreeMeetingCredits();
  const start = useStartFreePlan();
  return (
    <EmptyState
      icon={Sparkles}
      title="Start on the free plan"
      description={
        credits.data === undefined
          ? 'The free plan comes with meeting credits to analyze your first meetings. Paid plans come with a later release.'
          : `The free plan comes with ${formatNumber(credits.data)} meeting credits (one per minute analyzed). Paid plans come with a later release.`
      }
      action={
        <div className="flex flex-wrap justify-center gap-2">
          {canStart ? (
            <Button
              loading={start.isPending}
              onClick={() => start.mutate(undefined, { onSuccess: onStarted })}
            >
              Start free plan
            </Button>
          ) : (
            <p className="w-full text-sm text-muted">
              Your organization’s point of contact can start it.
            </p>
          )}
          <Link to="/configuration" className={buttonClasses('secondary')}>
            <SlidersHorizontal aria-hidden /> Go to Configuration
          </Link>
          <Button variant="ghost" onClick={onLogOut}>
            <LogOut aria-hidden /> Sign out
          </Button>
        </div>
      }
    />
  );
}

/**
 * /pricing (shell without sidebar): the plan the organisation is on. Without one (the guard
 * sends a point of contact here with ?onboarding=true) it offers the free plan.
 */
export default function PricingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const canBill = useCan('billing.manage');
  const onboarding = params.get('onboarding') === 'true';
  const logOut = async () => {
    await signOut();
    navigate('/signin', { replace: true });
  };

  if (!user?.plan) {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader
          title="Choose a plan"
          description={
            onboarding
              ? 'Your organization has no active plan yet, so its areas stay closed until it has one.'
              : 'Your organization has no active plan.'
          }
        />
        <FreePlanOffer
          canStart={canBill}
          onStarted={() => navigate('/library', { replace: true })}
          onLogOut={() => void logOut()}
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Plans"
        description="Credit-based plans for your organization, paid by card."
      />
      <CurrentPlan plan={user.plan} />
      <EmptyState
        icon={CreditCard}
        title="Paid plans are not available yet"
        description={
          user.plan.type === FREE_PLAN_TYPE
            ? 'You are on the free plan. Paid plans, bundles and card payment come with a later release; until then your free credits keep working.'
            : 'Paid plans, bundles and card payment come with a later release; your current plan keeps working.'
        }
        action={
          <Link to="/library" className={buttonClasses('secondary')}>
            <Library aria-hidden /> Go to the library
          </Link>
        }
      />
    </div>
  );
}
