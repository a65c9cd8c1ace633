import { Clock, Download, Landmark } from 'lucide-react';
import { formatMoney, type PlanDetail } from '@parley/contracts';
import { Button } from '../../ui';
import { useInvoiceDownload, useManualPayment, useOwnInvoiceDetails } from './api';

/**
 * Paying a pending plan by bank transfer (spec 3 §7 payment/manual): ask for its invoice, then
 * download it and wait for the transfer, which the platform marks paid.
 */
export function ManualPayment({ plan }: { plan: PlanDetail }) {
  const open = useOwnInvoiceDetails({ page: 0, size: 10, status: 'open' });
  const request = useManualPayment();
  const download = useInvoiceDownload();
  const invoice =
    open.data?.data.find((i) => i.planId === plan.id) ??
    (request.data?.data.planId === plan.id ? request.data.data : undefined);

  if (!invoice) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Button
          variant="secondary"
          loading={request.isPending}
          disabled={open.isPending}
          onClick={() => request.mutate(plan.id)}
        >
          <Landmark aria-hidden /> Pay by invoice (bank transfer)
        </Button>
        <p className="text-xs text-muted">
          We issue an invoice for this plan; it becomes your plan once the transfer arrives.
        </p>
      </div>
    );
  }
  return (
    <div
      className="flex flex-col gap-3 rounded-card border border-border bg-surface-2 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="manual-invoice"
    >
      <div className="flex flex-col gap-1">
        <p className="flex items-center gap-2 text-sm font-medium text-fg">
          <Clock className="size-4 text-warning" aria-hidden /> Waiting for payment
        </p>
        <p className="text-sm text-muted">
          Invoice <span className="font-medium text-fg tabular">{invoice.number}</span> for{' '}
          <span className="tabular text-fg">
            {formatMoney(invoice.total.minor, invoice.total.currency)}
          </span>
          . Pay it by bank transfer, quoting its number as the reference.
        </p>
        {invoice.paymentDetails ? (
          <p className="text-sm whitespace-pre-line text-fg" data-testid="payment-details">
            {invoice.paymentDetails}
          </p>
        ) : null}
      </div>
      <Button
        variant="secondary"
        loading={download.isPending}
        onClick={() => download.mutate(invoice.id)}
      >
        <Download aria-hidden /> Download invoice
      </Button>
    </div>
  );
}
