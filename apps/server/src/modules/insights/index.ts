// The insights module's face: other modules import only this file.
export { createInsightsModule, type InsightsNeeds } from './module.js';
export type { InsightsService } from './service.js';
