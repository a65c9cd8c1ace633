import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { meetingRoutes } from '@parley/contracts';
import { api, failureMessage } from '../../../lib/api';
import { validateMeetingLink, type MeetingLinkValues } from './forms';
import { toast } from '../../../lib/toast';
import { useFormFields } from '../../../lib/use-form-fields';
import { FormDialog, TextField } from '../../../ui';
import { meetingKeys } from '../api';

const INITIAL: MeetingLinkValues = { meetingLink: '', meetingName: '' };

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** Keep a meeting by its link; the recording bot that joins it arrives later. */
export function FromLinkDialog({ open, onOpenChange }: Props) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useFormFields(INITIAL, validateMeetingLink);
  const [pending, setPending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const { values, set } = form;

  const close = () => {
    form.reset();
    setServerError(null);
    onOpenChange(false);
  };

  const submit = async () => {
    const body = form.attempt();
    if (!body) return;
    setPending(true);
    setServerError(null);
    try {
      const meeting = await api(meetingRoutes.createFromLink, {
        body: { ...body, language: navigator.language.slice(0, 20) },
        toast: false,
      });
      void client.invalidateQueries({ queryKey: meetingKeys.lists() });
      toast({ title: 'Meeting saved', description: meeting.meetingName, variant: 'success' });
      close();
      void navigate(`/library/${meeting.id}`);
    } catch (e) {
      setServerError(failureMessage(e, 'The meeting could not be saved'));
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog
      open={open}
      title="Add a meeting link"
      description="Save an online meeting by its link."
      pending={pending}
      valid={form.valid}
      error={serverError}
      submitLabel="Save meeting"
      onSubmit={() => void submit()}
      onClose={close}
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
        value={values.meetingLink}
        onChange={(e) => set('meetingLink', e.target.value)}
        onBlur={form.blur('meetingLink')}
        error={form.error('meetingLink')}
        disabled={pending}
      />
      <TextField
        label="Meeting name"
        maxLength={200}
        placeholder="e.g. Weekly pipeline review"
        value={values.meetingName}
        onChange={(e) => set('meetingName', e.target.value)}
        onBlur={form.blur('meetingName')}
        error={form.error('meetingName')}
        disabled={pending}
      />
    </FormDialog>
  );
}
