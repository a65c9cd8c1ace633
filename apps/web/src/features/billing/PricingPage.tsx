import { useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams, Link } from 'react-router';
import { Clock, Library, LogOut, SlidersHorizontal, Sparkles } from 'lucide-react';
import { PLAN_MESSAGES, type Plan, type PlanDetail } from '@parley/contracts';
import { updateSessionUser, useAuth, useCan } from '../../lib/auth-store';
import { formatNumber } from '../../lib/format';
import { formatDate } from '../../lib/datetime';
import { signOut } from '../../lib/session';
import { Button, buttonClasses, Card, EmptyState, PageHeader } from '../../ui';
import { billingKeys, useFreeMeetingCredits, usePlans, useStartFreePlan } from './api';
import {
  ManageCardButton,
  PaymentNotice,
  PaymentOptions,
  type ManualPaymentOption,
} from './CardPayment';
import { useLatestPayment, usePaymentMethods } from './payments-api';
import { ManualPayment } from '../invoices';
import { PlanBuilder } from './PlanBuilder';
import { moneyText } from './PlanChoices';

function CurrentPlan({ plan, manage }: { plan: Plan; manage: ReactNode }) {
  return (
    <Card className="p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs font-medium text-subtle">Current plan</p>
          <p className="mt-1 text-xl font-semibold text-fg">{plan.name}</p>
        </div>
        {manage}
      </div>
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
          ? 'The free plan comes with meeting credits to analyze your first meetings.'
          : `The free plan comes with ${formatNumber(credits.data)} meeting credits (one per minute analysed).`
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

/** A chosen plan waiting for its payment, and the ways to pay it. */
function PendingPlan(props: { plan: PlanDetail; canPay: boolean; manual?: ManualPaymentOption }) {
  const { plan, canPay, manual } = props;
  return (
    <Card className="flex flex-col gap-3 border-warning/40 p-5" data-testid="pending-plan">
      <div role="status" className="flex flex-col gap-2">
        <p className="flex items-center gap-2 font-medium text-fg">
          <Clock className="size-4 text-warning" aria-hidden /> {PLAN_MESSAGES.awaitingPayment}
        </p>
        <p className="text-sm text-muted">
          {plan.name}: <span className="tabular text-fg">{moneyText(plan.discountedPrice)}</span>
          {plan.lastPaymentCredits ? ` with ${formatNumber(plan.lastPaymentCredits)} credits` : ''}.
          It becomes your plan once it is paid, and your current plan keeps working until then.
        </p>
      </div>
      {canPay ? <PaymentOptions plan={plan} manual={manual} /> : null}
    </Card>
  );
}

/**
 * Back from Checkout: once Stripe's confirmation is in, the plan is read again and the session
 * holds the new one, so the guard and the feature gates unlock without signing in again.
 */
function usePaymentOutcome(outcome: string | null) {
  const client = useQueryClient();
  const { user } = useAuth();
  const plans = usePlans();
  const awaiting = outcome === 'success';
  const latest = useLatestPayment(awaiting);
  const confirmed = latest.data?.status === 'succeeded';
  const active = plans.data?.active ?? null;
  useEffect(() => {
    if (awaiting && confirmed) void client.invalidateQueries({ queryKey: billingKeys.plans });
  }, [awaiting, confirmed, client]);
  useEffect(() => {
    if (active && user?.plan?.id !== active.id) updateSessionUser({ plan: active });
  }, [active, user?.plan?.id]);
  return latest.data;
}

/**
 * /pricing (shell without sidebar): the plan the organisation is on, the one waiting for its
 * payment, and the plan builder (bundles and a credit slab). Without a plan (the guard sends a
 * point of contact here with ?onboarding=true) it offers the free plan first.
 */
/** The bank-transfer way to pay: an invoice to pay by transfer. */
const payByInvoice: ManualPaymentOption = (plan) => <ManualPayment plan={plan} />;

export default function PricingPage({
  manualPayment = payByInvoice,
}: {
  manualPayment?: ManualPaymentOption;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useAuth();
  const canBill = useCan('billing.manage');
  const plans = usePlans();
  const onboarding = params.get('onboarding') === 'true';
  const logOut = async () => {
    await signOut();
    navigate('/signin', { replace: true });
  };
  const pending = plans.data?.pending ?? null;
  const latest = usePaymentOutcome(params.get('payment'));
  const methods = usePaymentMethods();
  const notice = <PaymentNotice outcome={params.get('payment')} latest={latest} />;
  const pendingCard = pending ? (
    <PendingPlan plan={pending} canPay={canBill} manual={manualPayment} />
  ) : null;
  const builder = canBill ? (
    <section className="flex flex-col gap-4" aria-labelledby="plan-builder">
      <div>
        <h2 id="plan-builder" className="text-lg font-semibold text-fg">
          {user?.plan ? 'Change your plan' : 'Or build a paid plan'}
        </h2>
        <p className="text-sm text-muted">
          Pick the bundles your teams need and, if you like, extra credits at a discount.
        </p>
      </div>
      <PlanBuilder />
    </section>
  ) : null;

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
        {notice}
        {pendingCard}
        <FreePlanOffer
          canStart={canBill}
          onStarted={() => navigate('/library', { replace: true })}
          onLogOut={() => void logOut()}
        />
        {builder}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Plans"
        description="Credit-based plans for your organization."
        actions={
          <Link to="/library" className={buttonClasses('secondary')}>
            <Library aria-hidden /> Go to the library
          </Link>
        }
      />
      {notice}
      <CurrentPlan
        plan={user.plan}
        manage={canBill && methods.data?.savedCard ? <ManageCardButton /> : null}
      />
      {pendingCard}
      {builder ?? (
        <p className="text-sm text-muted">Your organization’s point of contact chooses its plan.</p>
      )}
    </div>
  );
}
