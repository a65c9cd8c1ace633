import { Info } from 'lucide-react';
import { meetingRoutes } from '@parley/contracts';
import { api } from '../../../lib/api';
import { validateMeetingLink, type MeetingLinkValues } from './forms';
import { useFormDialog } from '../../../lib/use-form-dialog';
import { FormDialog, TextField } from '../../../ui';
import { useOpenNewMeeting } from './use-open-new-meeting';

const INITIAL: MeetingLinkValues = { meetingLink: '', meetingName: '' };

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Keep a meeting by its link; the recording bot that joins it arrives later. */
export function FromLinkDialog({ open, onOpenChange }: Props) {
  const openMeeting = useOpenNewMeeting('Meeting saved');
  const { field, dialog } = useFormDialog({
    initial: INITIAL,
    validate: validateMeetingLink,
    save: (body) =>
      api(meetingRoutes.createFromLink, {
        body: { ...body, language: navigator.language.slice(0, 20) },
        toast: false,
      }),
    failure: 'The meeting could not be saved',
    onSaved: openMeeting,
    onClose: () => onOpenChange(false),
  });

  return (
    <FormDialog
      open={open}
      title="Add a meeting link"
      description="Save an online meeting by its link."
      submitLabel="Save meeting"
      {...dialog}
    >
      <p
        className="flex items-start gap-2 rounded-card border border-border bg-surface-2 px-3 py-2 text-sm text-muted"
        data-testid="bot-note"
      >
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        The recording bot that joins and records meetings is not available yet. The meeting is kept
        in your library with its link, waiting for the bot.
      </p>
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
    </FormDialog>
  );
}
