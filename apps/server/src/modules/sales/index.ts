// The sales module's face: other modules import only this file.
export { createSalesModule, type SalesModule, type SalesNeeds } from './module.js';
export { dealWarningsDailyJob, dealWarningsJob } from './jobs.js';
export type { SalesService } from './service.js';
