import { useEffect, useState } from 'react';
import { speakerDisplayName } from '@parley/contracts';
import { failureMessage } from '../../lib/api';
import { speakerColorFor } from '../../ui/player/player';
import { toast } from '../../lib/toast';
import { FormDialog, TextField } from '../../ui';
import { useNameSpeakers } from './api';

export const MAX_SPEAKER_NAME = 80;

interface NameSpeakersDialogProps {
  open: boolean;
  meetingId: string;
  /** The speaker labels found in the recording (speaker_NN), in order. */
  speakers: readonly string[];
  /** The meeting's additionalDetails: speaker_NN → name. */
  names: Readonly<Record<string, string>>;
  onClose(): void;
}

/** Name each speaker_NN; the names then replace the labels across the page. */
export function NameSpeakersDialog(props: NameSpeakersDialogProps) {
  const { open, meetingId, speakers, names, onClose } = props;
  const save = useNameSpeakers(meetingId);
  const [values, setValues] = useState<Record<string, string>>({});

  // Each opening starts from the names saved on the meeting.
  useEffect(() => {
    if (open) {
      setValues(Object.fromEntries(speakers.map((s) => [s, names[s] ?? ''])));
      save.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening
  }, [open]);

  const tooLong = speakers.some((s) => (values[s] ?? '').trim().length > MAX_SPEAKER_NAME);
  const changed = speakers.some((s) => (values[s] ?? '').trim() !== (names[s] ?? '').trim());

  return (
    <FormDialog
      open={open}
      title="Name speakers"
      description="Give each voice found in the recording a name. Leave a field empty to keep the numbered label."
      pending={save.isPending}
      valid={changed && !tooLong}
      error={save.error ? failureMessage(save.error, 'Saving the names failed') : null}
      submitLabel="Save names"
      onClose={onClose}
      onSubmit={() => {
        const body = Object.fromEntries(speakers.map((s) => [s, (values[s] ?? '').trim()]));
        save.mutate(body, {
          onSuccess: () => {
            toast({ title: 'Speakers named', variant: 'success' });
            onClose();
          },
        });
      }}
    >
      <div className="flex max-h-[50vh] flex-col gap-3 overflow-y-auto pr-1">
        {speakers.map((s) => {
          const value = values[s] ?? '';
          return (
            <div key={s} className="flex items-start gap-3">
              <span
                aria-hidden
                className="mt-8 size-3 shrink-0 rounded-full"
                style={{ background: speakerColorFor(s) }}
              />
              <TextField
                className="flex-1"
                label={speakerDisplayName(s, {})}
                placeholder="Name"
                value={value}
                maxLength={MAX_SPEAKER_NAME + 20}
                error={
                  value.trim().length > MAX_SPEAKER_NAME
                    ? `At most ${MAX_SPEAKER_NAME} characters`
                    : undefined
                }
                onChange={(e) => setValues((v) => ({ ...v, [s]: e.target.value }))}
              />
            </div>
          );
        })}
      </div>
    </FormDialog>
  );
}
