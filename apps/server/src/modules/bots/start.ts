import { BOT_MESSAGES as B, type BotState, type ExtensionResponse } from '@parley/contracts';
import { AppError, badRequest } from '../../platform/errors.js';
import type { MeetingBot } from './meeting-bot.js';
import type { MeetingBotRow } from './repo.js';
import { ACTIVE, toBotView } from './bot-view.js';
import type { BotsDeps } from './service.js';

/** What starts a bot: the calendar's auto-join calls this too, without a request. */
export interface StartBot {
  organizationId: string;
  userId: string;
  meetingLink: string;
  meetingName: string;
  language: string;
  /** A calendar event's scheduled meeting to record into, instead of a new one. */
  meetingId?: string;
}

/** What the bots service lends the start: its choice of bot, state changes and announcements. */
export interface BotStartParts {
  botFor(link: URL): MeetingBot | null;
  changeState(row: MeetingBotRow, state: BotState, reason: string | null): Promise<MeetingBotRow>;
  emit(row: MeetingBotRow): void;
}

/**
 * Starting a bot on a link: the meeting it records into (new, a calendar event's, or a Parley
 * room's), the bot's row and the service's join. A room's starts run one after the other.
 */
export function createBotStarter(deps: BotsDeps, parts: BotStartParts) {
  const { repo, meetings, now, log } = deps;
  const { botFor, changeState, emit } = parts;

  // Starts of a bot into one meeting (a room's), one after the other: no two bots in it.
  const starting = new Map<string, Promise<unknown>>();

  function startBot(input: StartBot): Promise<ExtensionResponse> {
    let link: URL;
    try {
      link = new URL(input.meetingLink);
    } catch {
      return Promise.reject(badRequest(B.badLink));
    }
    const bot = botFor(link);
    if (!bot) return Promise.reject(badRequest(B.noService));
    const own = bot.meetingOf?.(link) ?? null;
    if (input.meetingId && own && input.meetingId !== own) {
      return Promise.reject(badRequest(B.badLink));
    }
    const meetingId = own ?? input.meetingId;
    if (!own) return startInto(input, bot, link, meetingId);
    const before = starting.get(own) ?? Promise.resolve();
    const run = before.catch(() => {}).then(() => startInto(input, bot, link, own));
    starting.set(own, run);
    void run
      .catch(() => {})
      .finally(() => {
        if (starting.get(own) === run) starting.delete(own);
      });
    return run;
  }

  async function startInto(
    input: StartBot,
    bot: MeetingBot,
    link: URL,
    meetingId: string | undefined,
  ): Promise<ExtensionResponse> {
    const meeting = await meetings.createFromLink(
      { organizationId: input.organizationId, userId: input.userId },
      { meetingLink: input.meetingLink, meetingName: input.meetingName },
      meetingId,
    );
    if (bot.meetingOf?.(link)) {
      // The room's notetaker is already there (or on its way): that one answers.
      const [latest] = await repo.latestOf(input.organizationId, [meeting.id]);
      if (latest && ACTIVE.includes(latest.state)) return { meeting, bot: toBotView(latest) };
    }
    const at = now();
    let row = await repo.insert({
      organizationId: input.organizationId,
      meetingId: meeting.id,
      requestedBy: input.userId,
      provider: bot.provider,
      state: 'joining',
      history: [{ state: 'joining', reason: null, at: at.toISOString() }],
      createdAt: at,
      updatedAt: at,
    });
    try {
      const { externalId } = await bot.join({
        botId: row.id,
        meetingId: meeting.id,
        organizationId: input.organizationId,
        meetingLink: input.meetingLink,
        botName: deps.botName,
        language: input.language,
        ...(bot.provider === 'recall' && deps.announcement
          ? await deps.announcement().then((mp3) => (mp3 ? { announcementMp3: mp3 } : {}))
          : {}),
        ...(deps.liveAudio && bot.provider !== 'parley'
          ? { liveAudioUrl: deps.liveAudio.urlFor(bot.provider, row.id) }
          : {}),
      });
      row = (await repo.setExternalId(row.id, externalId, now())) ?? row;
    } catch (err) {
      log.warn({ err, botId: row.id, provider: bot.provider }, 'the bot service refused the bot');
      await changeState(row, 'failed', 'The bot service did not accept the bot');
      throw new AppError(502, B.callFailed);
    }
    emit(row);
    return { meeting, bot: toBotView(row) };
  }

  return startBot;
}
