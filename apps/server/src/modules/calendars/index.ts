// The calendars module's face: other modules import only this file.
export { createCalendarsModule, type CalendarsModule, type CalendarNeeds } from './module.js';
export { autoJoinJob, calendarSyncJob } from './jobs.js';
export type { AutoJoiner } from './auto-join.js';
export type { CalendarService } from './service.js';
