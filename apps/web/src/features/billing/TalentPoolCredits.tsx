import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Clock, Coins, CreditCard, Download, FileText, Landmark } from 'lucide-react';
import {
  PAYMENT_MESSAGES,
  PLAN_MESSAGES,
  formatMoney,
  type CreditSlab,
  type Invoice,
  type PlanDetail,
} from '@parley/contracts';
import { formatDate } from '../../lib/datetime';
import { formatNumber } from '../../lib/format';
import { Button, Card, EmptyState, Skeleton } from '../../ui';
import { InvoiceStatusBadge } from '../invoices';
import { billingKeys, useActiveCreditSlabs, useFreeMeetingCredits, usePlans } from './api';
import { PaymentNotice } from './CardPayment';
import { useLatestPayment, usePaymentMethods } from './payments-api';
import { moneyText } from './PlanChoices';
import {
  useTalentPoolCheckout,
  useTalentPoolInvoiceDownload,
  useStartTalentPoolPlan,
  useTalentPoolInvoices,
  useTalentPoolTransfer,
  type CreditPurchase,
} from './talent-pool-api';

const purchaseOf = (slab: CreditSlab): CreditPurchase => ({
  name: `${formatNumber(slab.credits)} credits`,
  credits: slab.credits,
});

/** Back from Checkout (?payment=success): the balance is read again once Stripe confirms. */
function usePaymentOutcome(outcome: string | null) {
  const client = useQueryClient();
  const latest = useLatestPayment(outcome === 'success');
  const confirmed = outcome === 'success' && latest.data?.status === 'succeeded';
  useEffect(() => {
    if (confirmed) void client.invalidateQueries({ queryKey: billingKeys.plans });
  }, [confirmed, client]);
  return latest.data;
}

/** The seeker's purchase waiting for its payment, and its open invoice when by transfer. */
function PendingPurchase(props: { plan: PlanDetail; invoice: Invoice | undefined }) {
  const { plan, invoice } = props;
  const download = useTalentPoolInvoiceDownload();
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-card border border-warning/40 bg-surface-2 p-4"
      data-testid="pending-purchase"
    >
      <p className="flex items-center gap-2 font-medium text-fg">
        <Clock className="size-4 text-warning" aria-hidden /> {PLAN_MESSAGES.awaitingPayment}
      </p>
      <p className="text-sm text-muted">
        {plan.name}: <span className="tabular text-fg">{moneyText(plan.discountedPrice)}</span>.
        {invoice
          ? ` Pay invoice ${invoice.number} by bank transfer, quoting its number; the credits are added once it arrives.`
          : ' The credits are added once it is paid.'}
      </p>
      {invoice?.paymentDetails ? (
        <p className="text-sm whitespace-pre-line text-fg">{invoice.paymentDetails}</p>
      ) : null}
      {invoice ? (
        <Button
          className="self-start"
          variant="secondary"
          loading={download.isPending}
          onClick={() => download.mutate(invoice.id)}
        >
          <Download aria-hidden /> Download invoice {invoice.number}
        </Button>
      ) : null}
    </div>
  );
}

/** No plan in the pool yet: its free credits are one click away (POST plan/b2c). */
function FreeCreditsOffer() {
  const start = useStartTalentPoolPlan();
  const free = useFreeMeetingCredits();
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-border bg-surface-2 p-4">
      <p className="text-sm text-fg">
        {free.data === undefined
          ? 'Start with the free credits to have your first mock interviews analyzed.'
          : `Start with ${formatNumber(free.data)} free credits to have your first mock interviews analyzed.`}
      </p>
      <Button size="sm" loading={start.isPending} onClick={() => start.mutate()}>
        <Coins aria-hidden /> Start with free credits
      </Button>
    </div>
  );
}

/** One credit slab on sale: its price, discount and the two ways to pay for it. */
function SlabOffer(props: { slab: CreditSlab; card: boolean }) {
  const { slab, card } = props;
  const checkout = useTalentPoolCheckout();
  const transfer = useTalentPoolTransfer();
  const label = `${formatNumber(slab.credits)} credits`;
  return (
    <li className="flex flex-col gap-3 rounded-card border border-border p-4">
      <div>
        <p className="font-semibold text-fg">{label}</p>
        <p className="text-sm text-muted">
          <span className="tabular text-fg">{moneyText(slab.discountedPrice)}</span>
          {slab.discount > 0 ? (
            <>
              {' '}
              <s className="tabular">{moneyText(slab.price)}</s> · {slab.discount}% off
            </>
          ) : null}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {card ? (
          <Button
            size="sm"
            aria-label={`Buy ${label} by card`}
            loading={checkout.isPending}
            onClick={() => checkout.mutate(purchaseOf(slab))}
          >
            <CreditCard aria-hidden /> Pay by card
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Buy ${label} by bank transfer`}
          loading={transfer.isPending}
          onClick={() => transfer.mutate(purchaseOf(slab))}
        >
          <Landmark aria-hidden /> Pay by bank transfer
        </Button>
      </div>
    </li>
  );
}

function InvoiceList({ invoices, count }: { invoices: Invoice[]; count: number }) {
  const download = useTalentPoolInvoiceDownload();
  if (invoices.length === 0) {
    return (
      <EmptyState
        icon={FileText}
        title="No invoices yet"
        description="An invoice is issued when you buy credits, by card or by bank transfer."
      />
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <ul className="divide-y divide-border rounded-card border border-border">
        {invoices.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="flex flex-col">
              <span className="font-medium text-fg tabular">{i.number}</span>
              <span className="text-xs text-muted">
                {formatDate(i.issuedAt)} · {i.planName ?? 'Credits'}
                {i.taxes.map(
                  (t) => ` · incl. ${t.name} ${formatMoney(t.amountMinor, i.total.currency)}`,
                )}
              </span>
            </div>
            <div className="flex items-center gap-3">
              <span className="tabular text-fg">
                {formatMoney(i.total.minor, i.total.currency)}
              </span>
              <InvoiceStatusBadge status={i.status} />
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Download invoice ${i.number}`}
                onClick={() => download.mutate(i.id)}
              >
                <Download aria-hidden />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {count > invoices.length ? (
        <p className="text-xs text-muted">
          The {invoices.length} newest of {formatNumber(count)} invoices.
        </p>
      ) : null}
    </div>
  );
}

/**
 * /settings for a talent-pool seeker: the credits their analyses use, the credit slabs on sale
 * (by card through Stripe Checkout, or by bank transfer), a purchase waiting for its payment,
 * and their invoices.
 */
export function TalentPoolCredits() {
  const [params] = useSearchParams();
  const outcome = params.get('payment');
  const plans = usePlans();
  const slabs = useActiveCreditSlabs();
  const methods = usePaymentMethods();
  const invoices = useTalentPoolInvoices({ page: 0, size: 10 });
  const latest = usePaymentOutcome(outcome);
  const pending = plans.data?.pending ?? null;
  const openInvoice = invoices.data?.data.find(
    (i) => i.status === 'open' && i.planId === pending?.id,
  );
  const card = methods.data?.card ?? false;

  return (
    <Card className="flex flex-col gap-5 p-6" aria-labelledby="credits-title">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="credits-title" className="text-lg font-semibold text-fg">
            Credits
          </h2>
          <p className="text-sm text-muted">
            Each minute of a mock interview that is analyzed uses one credit.
          </p>
        </div>
        <div className="text-right">
          <p className="text-xs text-muted">Credits remaining</p>
          {plans.isPending ? (
            <Skeleton className="mt-1 h-7 w-16" />
          ) : (
            <p className="flex items-center gap-1 text-2xl font-semibold text-fg tabular">
              <Coins className="size-5 text-muted" aria-hidden />
              {formatNumber(plans.data?.active?.remainingCredits ?? 0)}
            </p>
          )}
        </div>
      </div>
      <PaymentNotice outcome={outcome} latest={latest} purchase="credits" />
      {plans.data && !plans.data.active ? <FreeCreditsOffer /> : null}
      {pending ? <PendingPurchase plan={pending} invoice={openInvoice} /> : null}

      <section className="flex flex-col gap-3" aria-labelledby="buy-credits">
        <h3 id="buy-credits" className="font-medium text-fg">
          Buy credits
        </h3>
        {slabs.isPending || methods.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : slabs.isError ? (
          <p role="alert" className="text-sm text-danger">
            The credit packs could not be loaded. Reload the page to try again.
          </p>
        ) : (slabs.data ?? []).length === 0 ? (
          <p className="text-sm text-muted">No credit packs are on sale right now.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {(slabs.data ?? []).map((s) => (
              <SlabOffer key={s.id} slab={s} card={card} />
            ))}
          </ul>
        )}
        {methods.isPending ? null : (
          <p className="flex items-center gap-2 text-xs text-muted">
            {card ? (
              <>
                <CreditCard className="size-4 shrink-0" aria-hidden /> You pay by card on Stripe’s
                secure page; your card is not kept.
              </>
            ) : (
              <>
                <Landmark className="size-4 shrink-0" aria-hidden />{' '}
                {PAYMENT_MESSAGES.cardNotConfigured}.
              </>
            )}
          </p>
        )}
      </section>

      <section className="flex flex-col gap-3" aria-labelledby="your-invoices">
        <h3 id="your-invoices" className="font-medium text-fg">
          Your invoices
        </h3>
        {invoices.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : invoices.isError ? (
          <p role="alert" className="text-sm text-danger">
            Your invoices could not be loaded. Reload the page to try again.
          </p>
        ) : (
          <InvoiceList invoices={invoices.data?.data ?? []} count={invoices.data?.count ?? 0} />
        )}
      </section>
    </Card>
  );
}
