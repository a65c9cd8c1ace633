import { CircleStop } from 'lucide-react';
import { BOT_STATE_LABELS, type MeetingBotView } from '@parley/contracts';
import { cn } from '../../lib/cn';
import type { Connect } from '../../lib/realtime';
import { failureMessage } from '../../lib/api';
import { Button } from '../../ui';
import { useMeetingBot, useStopRecording } from './api';
import { BOT_LOOK, isBotActive, useLiveBot } from './BotStateBadge';

const TEXT: Record<MeetingBotView['state'], string> = {
  joining: 'The bot is joining the call.',
  waiting_in_lobby: 'The bot is waiting in the lobby: let it in from the call.',
  recording: 'The bot is in the call and recording. Anyone may ask it to stop.',
  left: 'The bot left the call. Its recording is analyzed once it arrives.',
  failed: 'The bot could not record the call.',
};
/** Once the recording is the meeting's media, 'left' no longer waits for anything. */
const LEFT_AND_ARRIVED = 'The bot left the call. Its recording is this meeting’s media.';

const BOX: Record<MeetingBotView['state'], string> = {
  joining: 'border-info/30 bg-info-soft',
  waiting_in_lobby: 'border-warning/30 bg-warning-soft',
  recording: 'border-danger/30 bg-danger-soft',
  left: 'border-border bg-surface-2',
  failed: 'border-danger/30 bg-danger-soft',
};

/** What the banner shows for one bot; the stop button only while it may still record. */
export function BotBannerView(props: {
  bot: MeetingBotView;
  onStop?(): void;
  stopping?: boolean;
  error?: string | null;
  /** The call's recording has reached the meeting (it has media). */
  recordingArrived?: boolean;
}) {
  const { bot } = props;
  const { icon: Icon, spin } = BOT_LOOK[bot.state];
  const stopped = !bot.allowRecording;
  // Consent withdrawn while the bot is still in the call: it stays, without recording.
  const paused = stopped && isBotActive(bot.state);
  const text =
    bot.state === 'failed'
      ? (bot.reason ?? TEXT.failed)
      : paused
        ? 'Recording stopped at a participant’s request: nothing after that moment is kept.'
        : bot.state === 'left' && props.recordingArrived
          ? LEFT_AND_ARRIVED
          : TEXT[bot.state];
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="bot-banner"
      data-state={bot.state}
      data-recording={paused ? 'stopped' : undefined}
      className={cn(
        'flex flex-col gap-2 rounded-card border px-4 py-3',
        paused ? BOX.left : BOX[bot.state],
      )}
    >
      <div className="flex items-start gap-3">
        <Icon
          className={cn('mt-0.5 size-4 shrink-0 text-fg', spin && 'animate-spin')}
          aria-hidden
        />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-baseline sm:gap-2">
          <p className="text-sm font-semibold text-fg">
            {paused ? 'Recording stopped' : BOT_STATE_LABELS[bot.state]}
          </p>
          <p className="text-sm break-words text-muted" data-testid="bot-banner-text">
            {text}
          </p>
        </div>
        {props.onStop && isBotActive(bot.state) && !stopped ? (
          <Button size="sm" variant="danger" onClick={props.onStop} loading={props.stopping}>
            <CircleStop aria-hidden />
            Stop recording
          </Button>
        ) : null}
      </div>
      {props.error ? (
        <p role="alert" className="pl-7 text-sm text-danger">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The meeting's bot on the meeting page (issue 18): joining, waiting in the lobby, recording,
 * left, failed with the reason, live from the realtime channel; and the consent button.
 */
export function BotBanner({
  meetingId,
  live,
  recordingArrived,
  connect,
}: {
  meetingId: string;
  live: boolean;
  /** The meeting has its media: the bot's recording has arrived. */
  recordingArrived: boolean;
  /** Replaces socket.io (tests). */
  connect?: Connect;
}) {
  const { data: bot } = useMeetingBot(meetingId, live);
  useLiveBot(meetingId, live ? bot : null, connect);
  const stop = useStopRecording();
  if (!bot) return null;
  return (
    <BotBannerView
      bot={bot}
      recordingArrived={recordingArrived}
      onStop={() => stop.mutate(bot.id)}
      stopping={stop.isPending}
      error={stop.error ? failureMessage(stop.error, 'Recording could not be stopped') : null}
    />
  );
}
