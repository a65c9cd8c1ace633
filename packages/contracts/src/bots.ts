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

/** Spec 2 §8 messages of the bot calls, and the ones this area adds (said where). */
export const BOT_MESSAGES = {
  joinFailed: 'Join Meeting by Link Failed',
  /** What the notetaker says aloud in a Zoom, Meet or Teams call as it starts recording. */
  spokenAnnouncement:
    'Hi, I am Parley Notetaker. I am recording this call for the host. Ask the host if you want the recording stopped.',
  callFailed: 'Failed to call bot',
  loginFailed: 'Login Bot Failed',
  /** Ours: BOT_PROVIDER is none (or unset) and the link is not a Parley room. */
  noService: 'No meeting bot service is configured for this kind of link',
  /** Ours: the link is not an https meeting address. */
  badLink: 'Enter the meeting link (https://…)',
  notFound: 'Bot not found',
  recordingStopped: 'Recording stopped at a participant’s request',
  loginSaved: 'Bot login saved',
  /** Ours: consent once withdrawn is not given back (nothing after it is kept). */
  cannotRestart: 'Recording cannot restart after a participant stopped it',
  /** Ours: a webhook whose signature does not match the configured secret. */
  badSignature: 'Invalid webhook signature',
} as const;

/** What users read for each state (banner and library badge). */
export const BOT_STATE_LABELS: Record<BotState, string> = {
  joining: 'Bot joining',
  waiting_in_lobby: 'Bot waiting in lobby',
  recording: 'Bot recording',
  left: 'Bot left',
  failed: 'Bot failed',
};

/** The name the bot shows in the call when BOT_NAME is not set. */
export const DEFAULT_BOT_NAME = 'Parley Notetaker';

export const meetingBotSchema = z.object({
  id: z.string(),
  meetingId: z.string(),
  provider: botProviderSchema,
  state: botStateSchema,
  /** Why it failed or left, as users read it; null otherwise. */
  reason: z.string().nullable(),
  allowRecording: z.boolean(),
  /** When a participant withdrew consent; nothing recorded after it is kept. */
  recordingStoppedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MeetingBotView = z.infer<typeof meetingBotSchema>;

/** The realtime event on the meeting's room: REALTIME.botState. */
export const botStateEventSchema = meetingBotSchema;
export type BotStateEvent = MeetingBotView;
