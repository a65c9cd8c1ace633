// The retention module's face: other modules import only this file.
export { createRetentionModule, type RetentionNeeds } from './module.js';
export { retentionDailyJob } from './jobs.js';
export type { RetentionService } from './service.js';
