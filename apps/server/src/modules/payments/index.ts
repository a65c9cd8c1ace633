// The payments module's face: other modules import only this file.
export { createPaymentsModule, type PaymentsNeeds } from './module.js';
export type { PaymentsService, PlanPaid, PlanPaidListener } from './service.js';
