import { Download, FileText } from 'lucide-react';
import { formatMoney, type InvoiceStatus, type InvoiceSummary } from '@parley/contracts';
import { parseSort } from '../../lib/table-state';
import { useConfirmedAction } from '../../lib/use-confirmed-action';
import { useListState } from '../../lib/use-list-state';
import { ConfirmDialog, ListSection, SelectField } from '../../ui';
import { useAllInvoices, useInvoiceDownload, useMarkPaid } from './api';
import { InvoiceCard, invoiceColumns } from './columns';

const ALL = 'all';
const STATUS_OPTIONS = [
  { value: ALL, label: 'All' },
  { value: 'open', label: 'Awaiting payment' },
  { value: 'paid', label: 'Paid' },
  { value: 'void', label: 'Void' },
];

/**
 * Every organisation's invoices (Enterprise Management): searched, filtered by status, sorted
 * and paged; download any, and mark an open one paid when its bank transfer arrives.
 */
export function InvoicesTable() {
  const list = useListState({ sort: parseSort('issuedAt:desc'), filters: { status: ALL } });
  const status = list.filters.status;
  const page = useAllInvoices({
    ...list.query,
    sort: list.order,
    ...(status === ALL ? {} : { status: status as InvoiceStatus }),
  });
  const download = useInvoiceDownload();
  const markPaid = useMarkPaid();
  const marking = useConfirmedAction((i: InvoiceSummary) => markPaid.mutateAsync(i.id));
  const actionsOf = (i: InvoiceSummary) => [
    { label: 'Download', icon: Download, onSelect: () => download.mutate(i.id) },
  ];

  return (
    <ListSection
      title="Invoices"
      description="Every organization’s invoices. Mark one paid when its bank transfer arrives: its plan becomes active and its credits are added."
      search={{ label: 'Search invoices', placeholder: 'Number, organization or plan' }}
      filters={
        <SelectField
          label="Status"
          labelInside
          value={status}
          onValueChange={(v) => list.setFilter('status', v)}
          options={STATUS_OPTIONS}
          className="w-48"
        />
      }
      label="Invoices"
      list={list}
      result={page}
      columns={invoiceColumns({ withOrganization: true, actionsOf, onMarkPaid: marking.ask })}
      rowKey={(i) => i.id}
      rowLabel={(i) => `${i.number}, ${i.organizationName}`}
      renderCard={(i) => (
        <InvoiceCard invoice={i} withOrganization actions={actionsOf(i)} onMarkPaid={marking.ask} />
      )}
      icon={FileText}
      noun="invoices"
      empty={{
        title: 'No invoice matches',
        description: 'Invoices appear when an organization pays or asks to pay by bank transfer.',
      }}
    >
      <ConfirmDialog
        {...marking.dialog}
        destructive={false}
        title={`Mark ${marking.target?.number ?? 'the invoice'} paid?`}
        description={
          marking.target
            ? `Only when ${formatMoney(marking.target.total.minor, marking.target.total.currency)} from ${marking.target.organizationName} has arrived. Its plan becomes active and its credits are added; this cannot be undone.`
            : ''
        }
        confirmLabel="Mark paid"
      />
    </ListSection>
  );
}
