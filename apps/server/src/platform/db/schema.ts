/**
 * The database schema, one file per product area under ./schema (drizzle-kit reads this barrel).
 * A new area adds its file there and one line here.
 */
export * from './schema/accounts.js';
export * from './schema/plans.js';
export * from './schema/audit.js';
export * from './schema/meetings.js';
export * from './schema/integrations.js';
export * from './schema/analysis.js';
export * from './schema/prompts.js';
export * from './schema/participants.js';
export * from './schema/insights.js';
export * from './schema/video.js';
export * from './schema/parameters.js';
export * from './schema/endpoints.js';
export * from './schema/hiring.js';
export * from './schema/search.js';
export * from './schema/coaching.js';
export * from './schema/samples.js';
export * from './schema/trackers.js';
export * from './schema/sales.js';
export * from './schema/sales-signals.js';
export * from './schema/crm.js';
export * from './schema/addresses.js';
export * from './schema/payments.js';
export * from './schema/invoices.js';
export * from './schema/calendars.js';
export * from './schema/bots.js';
export * from './schema/live.js';
export * from './schema/avatars.js';
export * from './schema/talent-pool.js';
