import { z } from 'zod';

/**
 * A bot that joins a call to record it (spec 2 §3 Bot meeting, §7 `extension`). The services
 * behind it: Parley's own rooms, or a bot service the customer runs or buys (Attendee, Recall.ai).
 */
export const BOT_PROVIDERS = ['parley', 'attendee', 'recall'] as const;
export const botProviderSchema = z.enum(BOT_PROVIDERS);
export type BotProvider = z.infer<typeof botProviderSchema>;

/** Where a bot is in its call; `failed` keeps the reason users read. */
export const BOT_STATES = ['joining', 'waiting_in_lobby', 'recording', 'left', 'failed'] as const;
export const botStateSchema = z.enum(BOT_STATES);
export type BotState = z.infer<typeof botStateSchema>;
