// The billing module's face: other modules import only this file.
export { createBillingModule, type BillingNeeds } from './module.js';
export { creditsFor, type BillingService } from './service.js';
export type { PlansService } from './plans-service.js';
