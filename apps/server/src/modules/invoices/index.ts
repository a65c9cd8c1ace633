// The invoices module's face: other modules import only this file.
export { createInvoicesModule, type InvoicesNeeds } from './module.js';
export type { Issue, IssueInput } from './issue.js';
export { chargeLine } from './lines.js';
export type { InvoicesService } from './service.js';
