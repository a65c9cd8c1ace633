import { useId } from 'react';
import { formatHms, type Highlight } from '@parley/contracts';
import type { Validated } from '../../lib/validation';
import { toast } from '../../lib/toast';
import { useFormDialog } from '../../lib/use-form-dialog';
import { Dialog, DialogContent, DialogForm, Label, TextField } from '../../ui';
import { useHighlightChanges, type HighlightFields } from './api';
import { suggestedTitle } from './model';

/** What the dialog works on: a new moment from the transcript, or a saved highlight. */
export type HighlightDraft =
  | { kind: 'create'; start: number; end: number; text: string }
  | { kind: 'edit'; highlight: Highlight };

interface Values {
  title: string;
  note: string;
}

const TITLE_MAX = 200;
const NOTE_MAX = 2000;

/** The messages match the contract's (highlightFields), so the server never says otherwise. */
function validate(v: Values): Validated<'title' | 'note', HighlightFields> {
  const title = v.title.trim();
  if (!title) return { ok: false, errors: { title: 'Give the highlight a title' } };
  if (title.length > TITLE_MAX)
    return { ok: false, errors: { title: `At most ${TITLE_MAX} characters` } };
  const note = v.note.trim();
  if (note.length > NOTE_MAX)
    return { ok: false, errors: { note: `At most ${NOTE_MAX} characters` } };
  return { ok: true, body: { title, note: note || null } };
}

const boundsOf = (d: HighlightDraft) =>
  d.kind === 'create'
    ? { startTime: d.start, endTime: d.end }
    : { startTime: d.highlight.startTime, endTime: d.highlight.endTime };

function HighlightForm({
  meetingId,
  draft,
  onClose,
}: {
  meetingId: string;
  draft: HighlightDraft;
  onClose(): void;
}) {
  const changes = useHighlightChanges(meetingId);
  const noteId = useId();
  const bounds = boundsOf(draft);
  const editing = draft.kind === 'edit';
  const { form, field, dialog } = useFormDialog({
    initial: editing
      ? { title: draft.highlight.title, note: draft.highlight.note ?? '' }
      : { title: suggestedTitle(draft.text), note: '' },
    validate,
    save: (body) =>
      editing
        ? changes.update.mutateAsync({ id: draft.highlight.id, ...bounds, ...body })
        : changes.create.mutateAsync({ ...bounds, ...body }),
    failure: editing ? 'The highlight could not be saved' : 'The highlight could not be created',
    onSaved: () =>
      toast({ title: editing ? 'Highlight saved' : 'Highlight created', variant: 'success' }),
    onClose,
  });
  const noteError = form.error('note');

  return (
    <DialogForm {...dialog} onCancel={dialog.onClose} submitLabel={editing ? 'Save' : 'Create'}>
      <p className="rounded-card border border-border bg-surface-2 px-3 py-2 text-sm text-muted">
        <span className="tabular font-medium text-fg" data-testid="highlight-moment">
          {formatHms(bounds.startTime)} – {formatHms(bounds.endTime)}
        </span>
        {draft.kind === 'create' ? (
          <span className="mt-1 line-clamp-3 block whitespace-pre-line">{draft.text}</span>
        ) : null}
      </p>
      <TextField label="Title" maxLength={TITLE_MAX} autoFocus {...field('title')} />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={noteId}>Note (optional)</Label>
        <textarea
          id={noteId}
          value={form.values.note}
          onChange={(e) => form.set('note', e.target.value)}
          onBlur={form.blur('note')}
          rows={3}
          maxLength={NOTE_MAX}
          disabled={dialog.pending}
          aria-invalid={noteError ? true : undefined}
          placeholder="Why this moment matters"
          className="min-h-20 w-full rounded-card border border-border-strong bg-surface px-3 py-2 text-sm text-fg shadow-sm placeholder:text-subtle focus-visible:border-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/25 disabled:opacity-60"
        />
        {noteError ? (
          <p role="alert" className="text-xs text-danger">
            {noteError}
          </p>
        ) : null}
      </div>
    </DialogForm>
  );
}

/** Create a highlight from a transcript selection, or change a saved one's title and note. */
export function HighlightDialog({
  meetingId,
  draft,
  onClose,
}: {
  meetingId: string;
  draft: HighlightDraft | null;
  onClose(): void;
}) {
  const editing = draft?.kind === 'edit';
  return (
    <Dialog open={draft !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={editing ? 'Edit highlight' : 'Create highlight'}
        description={
          editing
            ? 'Change the title or the note of this moment.'
            : 'Save the selected moment with a title, and a note if you like.'
        }
      >
        {draft ? (
          <HighlightForm
            key={draft.kind === 'edit' ? draft.highlight.id : `${draft.start}-${draft.end}`}
            meetingId={meetingId}
            draft={draft}
            onClose={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
