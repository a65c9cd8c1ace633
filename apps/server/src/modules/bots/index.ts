// The bots module's face: other modules import only this file.
export { createBotsModule, type BotsModule, type BotsNeeds } from './module.js';
export { botRecordingJob } from './jobs.js';
export type { BotsService, StartBot } from './service.js';
export type { BotJoin, BotReports, MeetingBot } from './meeting-bot.js';
