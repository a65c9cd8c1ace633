// The sales module's face: other modules import only this file.
export { createSalesModule, type SalesNeeds } from './module.js';
export type { SalesService } from './service.js';
