import { useQueryClient } from '@tanstack/react-query';
import { Bot, CircleAlert, DoorOpen, Hourglass, LoaderCircle, type LucideIcon } from 'lucide-react';
import { BOT_STATE_LABELS, REALTIME, type BotState, type MeetingBotView } from '@parley/contracts';
import { useMeetingChannel, type Connect } from '../../lib/realtime';
import { Badge, type BadgeTone } from '../../ui';
import { applyBotEvent, parseBotEvent, useMeetingBot } from './api';

export const BOT_LOOK: Record<BotState, { tone: BadgeTone; icon: LucideIcon; spin?: boolean }> = {
  joining: { tone: 'info', icon: LoaderCircle, spin: true },
  waiting_in_lobby: { tone: 'warning', icon: Hourglass },
  recording: { tone: 'danger', icon: Bot },
  left: { tone: 'neutral', icon: DoorOpen },
  failed: { tone: 'danger', icon: CircleAlert },
};

/** Whether the bot is still on its way into, or in, the call. */
export const isBotActive = (state: BotState) =>
  state === 'joining' || state === 'waiting_in_lobby' || state === 'recording';

/**
 * Keeps the meeting's realtime channel open while its bot is active, and puts every
 * REALTIME.botState event into the cache the banner and the badge read.
 */
export function useLiveBot(
  meetingId: string,
  bot: MeetingBotView | null | undefined,
  connect?: Connect,
) {
  const client = useQueryClient();
  const follow = bot === undefined || (bot !== null && isBotActive(bot.state));
  useMeetingChannel(follow ? meetingId : null, {
    events: [REALTIME.botState],
    closeOnTerminal: false,
    connect,
    onEvent: (_name, payload) => {
      const event = parseBotEvent(payload);
      if (event && event.meetingId === meetingId) applyBotEvent(client, event);
    },
  });
}

/** The bot's state as a badge (a library row); a recording stopped for consent says so. */
export function BotStateBadge({ bot }: { bot: MeetingBotView }) {
  const { tone, icon: Icon, spin } = BOT_LOOK[bot.state];
  const paused = bot.state === 'recording' && !bot.allowRecording;
  return (
    <Badge
      tone={paused ? 'neutral' : tone}
      data-testid="bot-state-badge"
      data-state={bot.state}
      title={bot.state === 'failed' && bot.reason ? bot.reason : undefined}
    >
      <Icon aria-hidden className={spin ? 'animate-spin' : undefined} />
      {paused ? 'Recording stopped' : BOT_STATE_LABELS[bot.state]}
    </Badge>
  );
}

/** A live meeting's bot badge in the library, updated from the realtime channel. */
export function LiveBotBadge({ meetingId, connect }: { meetingId: string; connect?: Connect }) {
  const { data: bot } = useMeetingBot(meetingId);
  useLiveBot(meetingId, bot, connect);
  return bot ? <BotStateBadge bot={bot} /> : null;
}
