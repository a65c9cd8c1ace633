import type { BotProvider, BotState } from '@parley/contracts';

/** What Parley asks of a bot: join this call for this meeting. */
export interface BotJoin {
  botId: string;
  meetingId: string;
  organizationId: string;
  meetingLink: string;
  /** The name it shows in the call ("Parley Notetaker"). */
  botName: string;
  /** BCP 47 tag of the call's language, for its transcription. */
  language: string;
  /**
   * Where an outside service streams each participant's audio while it records (a websocket
   * address of this server with the bot's token in it); absent when nobody serves it.
   */
  liveAudioUrl?: string;
  /** The spoken announcement as MP3, for a service that plays it itself as it starts recording. */
  announcementMp3?: Buffer;
}

/**
 * One bot service (issue 18 item 2): Parley's own rooms through a headless Chromium, or an
 * outside service through its REST API. The service reports back through `BotReports`.
 */
export interface MeetingBot {
  readonly provider: BotProvider;
  /** Whether this bot can join the link (a Parley room link; a Zoom, Meet or Teams link). */
  accepts(link: URL): boolean;
  /**
   * A link to a meeting of Parley itself (a room): that meeting's id. The bot records into
   * it, and a meeting has one such bot at a time.
   */
  meetingOf?(link: URL): string | null;
  /** Asks the bot to join; answers the service's own id for it. */
  join(request: BotJoin): Promise<{ externalId: string }>;
  /** A participant withdrew consent: recording stops, and nothing after this is kept. */
  stopRecording(externalId: string): Promise<void>;
  leave(externalId: string): Promise<void>;
}

/** How a bot's service tells Parley what happened (in process, or from its webhooks). */
export interface BotReports {
  state(botId: string, state: BotState, reason?: string): Promise<void>;
  /** The call's recording once it ended, as a local file to import as the meeting's media. */
  recording(botId: string, file: string): Promise<void>;
}
