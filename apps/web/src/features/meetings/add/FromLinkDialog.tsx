import { Info, LoaderCircle } from 'lucide-react';
import { botRoutes, meetingRoutes, type BotServiceStatus } from '@parley/contracts';
import { api } from '../../../lib/api';
import { validateMeetingLink, type MeetingLinkValues } from './forms';
import { useFormDialog } from '../../../lib/use-form-dialog';
import { FormDialog, TextField } from '../../../ui';
import { useBotService } from '../../bots';
import { useOpenNewMeeting } from './use-open-new-meeting';

const INITIAL: MeetingLinkValues = { meetingLink: '', meetingName: '' };

const SERVICE_NAMES: Record<Exclude<BotServiceStatus['provider'], 'none'>, string> = {
  attendee: 'Attendee',
  recall: 'Recall.ai',
  parley: 'Parley',
};

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Which links a bot can join here, from the server's configuration. */
function ServiceNote({ status }: { status: BotServiceStatus | undefined }) {
  if (!status) return null;
  const text =
    status.provider === 'none'
      ? 'No bot service is configured for Zoom, Google Meet or Teams links: the meeting is kept in your library with its link. An administrator sets a service up (BOT_PROVIDER).'
      : `The bot joins through ${SERVICE_NAMES[status.provider]} as a participant, announces itself and records. Anyone in the call can ask it to stop.`;
  return (
    <p
      className="flex items-start gap-2 rounded-card border border-border bg-surface-2 px-3 py-2 text-sm text-muted"
      data-testid="bot-note"
    >
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      {text}
    </p>
  );
}

/**
 * Sends the recording bot to a call by its link (spec 2 §7 POST extension). Without a bot
 * service on the server the link is kept as a meeting, as before the bot existed.
 */
export function FromLinkDialog({ open, onOpenChange }: Props) {
  const service = useBotService();
  const withBot = service.data?.provider !== 'none';
  const openMeeting = useOpenNewMeeting(withBot ? 'Bot sent to the meeting' : 'Meeting saved');
  const { field, dialog, pending } = useFormDialog({
    initial: INITIAL,
    validate: validateMeetingLink,
    save: async (body) => {
      const language = navigator.language.slice(0, 20) || 'en-US';
      if (!withBot) {
        return api(meetingRoutes.createFromLink, { body: { ...body, language }, toast: false });
      }
      const sent = await api(botRoutes.start, {
        body: { ...body, language, isAvatar: false },
        toast: false,
      });
      return sent.meeting;
    },
    failure: withBot ? 'Failed to call bot' : 'The meeting could not be saved',
    onSaved: openMeeting,
    onClose: () => onOpenChange(false),
  });

  return (
    <FormDialog
      open={open}
      title={withBot ? 'Record a meeting by its link' : 'Add a meeting link'}
      description={
        withBot
          ? 'A bot joins the call, records it, and the recording is analyzed when the call ends.'
          : 'Save an online meeting by its link.'
      }
      submitLabel={withBot ? 'Send the bot' : 'Save meeting'}
      {...dialog}
    >
      <ServiceNote status={service.data} />
      <TextField
        label="Meeting link"
        type="url"
        inputMode="url"
        placeholder="https://zoom.us/j/123456789"
        {...field('meetingLink')}
      />
      <TextField
        label="Meeting name"
        maxLength={200}
        placeholder="e.g. Weekly pipeline review"
        {...field('meetingName')}
      />
      {pending && withBot ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <LoaderCircle className="size-4 animate-spin" aria-hidden />
          Asking the bot service to join the call…
        </p>
      ) : null}
    </FormDialog>
  );
}
