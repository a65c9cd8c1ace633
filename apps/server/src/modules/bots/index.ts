// The bots module's face: other modules import only this file.
export type { BotJoin, BotReports, MeetingBot } from './meeting-bot.js';
