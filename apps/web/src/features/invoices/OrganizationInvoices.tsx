import { Download, FileText } from 'lucide-react';
import type { InvoiceSummary } from '@parley/contracts';
import { parseSort } from '../../lib/table-state';
import { useListState } from '../../lib/use-list-state';
import { ListSection } from '../../ui';
import { useInvoiceDownload, useOwnInvoices } from './api';
import { InvoiceCard, invoiceColumns } from './columns';

/** The organisation's invoices with their PDFs (/configuration, its administrators). */
export function OrganizationInvoices() {
  const list = useListState({ sort: parseSort('issuedAt:desc') });
  const page = useOwnInvoices({ ...list.query, sort: list.order });
  const download = useInvoiceDownload();
  const actionsOf = (i: InvoiceSummary) => [
    { label: 'Download', icon: Download, onSelect: () => download.mutate(i.id) },
  ];
  return (
    <ListSection
      title="Invoices"
      description="Your organization’s invoices. Download any of them as a PDF."
      search={{ label: 'Search invoices', placeholder: 'Search numbers and plans' }}
      label="Invoices"
      list={list}
      result={page}
      columns={invoiceColumns({ withOrganization: false, actionsOf })}
      rowKey={(i) => i.id}
      rowLabel={(i) => i.number}
      renderCard={(i) => (
        <InvoiceCard invoice={i} withOrganization={false} actions={actionsOf(i)} />
      )}
      icon={FileText}
      noun="invoices"
      empty={{
        title: 'No invoices yet',
        description: 'An invoice is issued when you pay for a plan or ask to pay by bank transfer.',
      }}
    />
  );
}
