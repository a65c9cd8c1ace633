export { InvoicesTable } from './InvoicesTable';
export { OrganizationInvoices } from './OrganizationInvoices';
export { ManualPayment } from './ManualPayment';
export { InvoiceStatusBadge } from './InvoiceStatusBadge';
export { SellerNotice } from './SellerNotice';
