import { CircleCheck } from 'lucide-react';
import { formatMoney, type InvoiceSummary } from '@parley/contracts';
import { formatDate } from '../../lib/datetime';
import { actionsColumn, type ActionMenuItem, Button, type DataColumn, RowActions } from '../../ui';
import { InvoiceStatusBadge, METHOD_LABELS } from './InvoiceStatusBadge';

const total = (i: InvoiceSummary) => formatMoney(i.total.minor, i.total.currency);

/**
 * The status, and for an open invoice the super admin's "Mark paid" in words beside it: it
 * activates a plan, so it is never an unlabelled icon.
 */
function Status(props: { invoice: InvoiceSummary; onMarkPaid?: (i: InvoiceSummary) => void }) {
  const { invoice: i, onMarkPaid } = props;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <InvoiceStatusBadge status={i.status} />
      {onMarkPaid && i.status === 'open' ? (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Mark paid ${i.number}`}
          onClick={() => onMarkPaid(i)}
        >
          <CircleCheck aria-hidden /> Mark paid
        </Button>
      ) : null}
    </span>
  );
}

/** The invoice columns both lists share; the super admin's adds the organisation. */
export function invoiceColumns(opts: {
  withOrganization: boolean;
  actionsOf: (i: InvoiceSummary) => ActionMenuItem[];
  onMarkPaid?: (i: InvoiceSummary) => void;
}): DataColumn<InvoiceSummary>[] {
  return [
    {
      id: 'number',
      header: 'Number',
      sortable: true,
      cell: (i) => <span className="font-medium text-fg tabular">{i.number}</span>,
    },
    ...(opts.withOrganization
      ? [
          {
            id: 'organizationName',
            header: 'Organization',
            cell: (i: InvoiceSummary) => i.organizationName,
          },
        ]
      : []),
    { id: 'planName', header: 'Plan', cell: (i) => i.planName ?? '—' },
    {
      id: 'total',
      header: 'Total',
      sortable: true,
      cell: (i) => <span className="tabular">{total(i)}</span>,
    },
    {
      id: 'method',
      header: 'Payment',
      cell: (i) => <span className="text-muted">{METHOD_LABELS[i.method]}</span>,
    },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      cell: (i) => <Status invoice={i} onMarkPaid={opts.onMarkPaid} />,
    },
    {
      id: 'issuedAt',
      header: 'Issued',
      sortable: true,
      descFirst: true,
      cell: (i) => <span className="tabular text-muted">{formatDate(i.issuedAt)}</span>,
    },
    actionsColumn((i) => i.number, opts.actionsOf, { inline: true }),
  ];
}

/** An invoice on a phone (the table's cards). */
export function InvoiceCard(props: {
  invoice: InvoiceSummary;
  withOrganization: boolean;
  actions: ActionMenuItem[];
  onMarkPaid?: (i: InvoiceSummary) => void;
}) {
  const { invoice: i, withOrganization, actions, onMarkPaid } = props;
  return (
    <div className="flex items-start justify-between gap-3">
      <span className="flex min-w-0 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-fg tabular">{i.number}</span>
          <Status invoice={i} onMarkPaid={onMarkPaid} />
        </span>
        {withOrganization ? <span className="text-sm text-fg">{i.organizationName}</span> : null}
        <span className="tabular text-sm text-muted">
          {total(i)} · {METHOD_LABELS[i.method]} · {formatDate(i.issuedAt)}
        </span>
      </span>
      <RowActions label={i.number} items={actions} inline />
    </div>
  );
}
