import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, CreditCard, Info, Landmark, Loader2 } from 'lucide-react';
import { PAYMENT_MESSAGES, type Payment, type PlanDetail } from '@parley/contracts';
import { useAuth } from '../../lib/auth-store';
import { cn } from '../../lib/cn';
import { Button, Card, Skeleton } from '../../ui';
import { useCardCheckout, useCustomerPortal, usePaymentMethods } from './payments-api';

/**
 * Renders the bank-transfer way to pay a pending plan. The manual payment flow passes it to
 * /pricing; without it only the card option (or the note that cards are not taken) shows.
 */
export type ManualPaymentOption = (plan: PlanDetail) => ReactNode;

/** How a plan waiting for its payment can be paid: by card when Stripe is set up. */
export function PaymentOptions(props: { plan: PlanDetail; manual?: ManualPaymentOption }) {
  const { plan, manual } = props;
  const { user } = useAuth();
  const methods = usePaymentMethods();
  const checkout = useCardCheckout();
  if (methods.isPending) return <Skeleton className="h-10 w-48" />;
  const card = methods.data?.card ?? false;
  const manualOption = manual?.(plan);
  return (
    <div className="flex flex-col gap-3">
      {(card && user) || manualOption ? (
        <div className="flex flex-wrap items-center gap-2">
          {card && user ? (
            <Button
              loading={checkout.isPending}
              onClick={() =>
                checkout.mutate({
                  planId: plan.id,
                  name: plan.name,
                  credits: plan.autoPayCredits,
                  organizationId: user.organizationId,
                })
              }
            >
              <CreditCard aria-hidden /> Pay by card
            </Button>
          ) : null}
          {manualOption}
        </div>
      ) : null}
      {card ? (
        <p className="text-xs text-muted">
          You pay on Stripe’s secure page; your card is kept there for auto-pay.
        </p>
      ) : (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Landmark className="size-4 shrink-0" aria-hidden /> {PAYMENT_MESSAGES.cardNotConfigured}.
        </p>
      )}
    </div>
  );
}

type Tone = 'success' | 'info' | 'danger';
const toneClasses: Record<Tone, string> = {
  success: 'border-success/40 [&_svg]:text-success',
  info: 'border-border [&_svg]:text-muted',
  danger: 'border-danger/40 [&_svg]:text-danger',
};
const toneIcons = { success: CheckCircle2, info: Info, danger: AlertTriangle } as const;

function Notice(props: { tone: Tone; busy?: boolean; children: ReactNode }) {
  const Icon = props.busy ? Loader2 : toneIcons[props.tone];
  return (
    <Card
      role={props.tone === 'danger' ? 'alert' : 'status'}
      className={cn('flex items-start gap-3 p-4 text-sm text-fg', toneClasses[props.tone])}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', props.busy && 'animate-spin')} aria-hidden />
      <p>{props.children}</p>
    </Card>
  );
}

/**
 * What /pricing says about card payment: the latest payment's failure (a declined card, an
 * expired session, auto-pay refused), or coming back from Checkout (`?payment=success` waits
 * for Stripe's confirmation, `cancelled` says nothing changed).
 */
export function PaymentNotice(props: {
  outcome: string | null;
  /** undefined while it loads. */
  latest: Payment | null | undefined;
  /** What was bought: a team's plan, or a job seeker's credits. */
  purchase?: 'plan' | 'credits';
}) {
  const { outcome, latest } = props;
  const credits = props.purchase === 'credits';
  // Why the last payment failed says more than 'cancelled' (a declined card, then Cancel).
  if (latest?.status === 'failed' || latest?.status === 'expired') {
    return <Notice tone="danger">{latest.reason ?? PAYMENT_MESSAGES.failed('unknown')}</Notice>;
  }
  if (outcome === 'cancelled') return <Notice tone="info">{PAYMENT_MESSAGES.cancelled}</Notice>;
  if (latest === undefined) return null;
  if (outcome !== 'success') return null;
  if (latest?.status === 'succeeded') {
    return (
      <Notice tone="success">
        {credits ? PAYMENT_MESSAGES.creditsPaid : PAYMENT_MESSAGES.paid}
      </Notice>
    );
  }
  return (
    <Notice tone="info" busy>
      {credits ? PAYMENT_MESSAGES.creditsPaidPending : PAYMENT_MESSAGES.paidPending}
    </Notice>
  );
}

/** Stripe's Customer Portal: the saved card and past receipts. */
export function ManageCardButton() {
  const portal = useCustomerPortal();
  return (
    <Button variant="secondary" loading={portal.isPending} onClick={() => portal.mutate()}>
      <CreditCard aria-hidden /> Manage card and receipts
    </Button>
  );
}
