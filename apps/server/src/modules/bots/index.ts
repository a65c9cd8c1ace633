// The bots module's face: other modules import only this file.
export { createBotsModule, type BotsModule, type BotsNeeds } from './module.js';
export { botRecordingJob } from './jobs.js';
export type { BotsService } from './service.js';
export type { StartBot } from './start.js';
export type { BotJoin, BotReports, MeetingBot } from './meeting-bot.js';
