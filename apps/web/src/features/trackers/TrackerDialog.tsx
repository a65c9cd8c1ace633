import { useId } from 'react';
import { TRACKER_LIMITS, type Tracker } from '@parley/contracts';
import { useFormDialog } from '../../lib/use-form-dialog';
import { FormDialog, Label, TextField } from '../../ui';
import { useTrackerChanges } from './api';
import { validateTracker } from './model';

const AREA =
  'min-h-28 w-full rounded-card border border-border-strong bg-surface px-3 py-2 text-sm text-fg shadow-sm placeholder:text-subtle focus-visible:border-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/25 disabled:opacity-60';

/** Define a tracker or change one (`tracker` null defines a new one). */
export function TrackerDialog({ tracker, onClose }: { tracker: Tracker | null; onClose(): void }) {
  const { create, update } = useTrackerChanges();
  const phrasesId = useId();
  const { form, field, dialog } = useFormDialog({
    initial: { name: tracker?.name ?? '', phrases: tracker?.phrases.join('\n') ?? '' },
    validate: validateTracker,
    save: (body) =>
      tracker ? update.mutateAsync({ id: tracker.id, body }) : create.mutateAsync(body),
    failure: tracker ? 'The tracker could not be saved' : 'The tracker could not be created',
    onClose,
  });
  const phrasesError = form.error('phrases');
  return (
    <FormDialog
      open
      title={tracker ? `Edit ${tracker.name}` : 'New tracker'}
      description="Every transcript is counted for these phrases: whole words, any case, punctuation aside; plurals and possessives count too. Past meetings are counted again in the background."
      submitLabel={tracker ? 'Save' : 'Create tracker'}
      {...dialog}
    >
      <TextField
        label="Name"
        placeholder="Competitors"
        autoFocus
        maxLength={TRACKER_LIMITS.nameChars}
        data-testid="tracker-name"
        {...field('name')}
      />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={phrasesId}>Phrases, one a line</Label>
        <textarea
          id={phrasesId}
          data-testid="tracker-phrases"
          value={form.values.phrases}
          onChange={(e) => form.set('phrases', e.target.value)}
          onBlur={form.blur('phrases')}
          rows={5}
          disabled={dialog.pending}
          aria-invalid={phrasesError ? true : undefined}
          aria-describedby={`${phrasesId}-note`}
          placeholder={'Gong\nChorus\nsecurity review'}
          className={AREA}
        />
        <p
          id={`${phrasesId}-note`}
          role={phrasesError ? 'alert' : undefined}
          className={phrasesError ? 'text-xs text-danger' : 'text-xs text-muted'}
        >
          {phrasesError ?? `Up to ${TRACKER_LIMITS.phrases} phrases.`}
        </p>
      </div>
    </FormDialog>
  );
}
