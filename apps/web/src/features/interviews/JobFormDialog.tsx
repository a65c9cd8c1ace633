import { useEffect, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { RATING_MAX, type Job, type JobCompetency } from '@parley/contracts';
import { Button, Dialog, DialogContent, DialogForm, TextField } from '../../ui';
import { useSaveJob } from './api';
import { TextArea } from './TextArea';

/** A competency as the form edits it: questions one per line. */
interface CompetencyDraft {
  name: string;
  description: string;
  questions: string;
  rubric: string[];
}

const RUBRIC_HINTS = ['Poor', 'Below expectations', 'Meets expectations', 'Strong', 'Excellent'];
const emptyCompetency = (): CompetencyDraft => ({
  name: '',
  description: '',
  questions: '',
  rubric: Array.from({ length: RATING_MAX }, () => ''),
});
const draftOf = (c: JobCompetency): CompetencyDraft => ({
  name: c.name,
  description: c.description,
  questions: c.questions.join('\n'),
  rubric: [...c.rubric],
});
const competencyOf = (d: CompetencyDraft): JobCompetency => ({
  name: d.name.trim(),
  description: d.description.trim(),
  questions: d.questions
    .split('\n')
    .map((q) => q.trim())
    .filter(Boolean),
  rubric: d.rubric.map((r) => r.trim()),
});

function CompetencyEditor({
  index,
  value,
  onChange,
  onRemove,
}: {
  index: number;
  value: CompetencyDraft;
  onChange(next: CompetencyDraft): void;
  onRemove(): void;
}) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-card border border-border p-3">
      {/* The legend must be the fieldset's first child to name the group. */}
      <legend className="sr-only">Competency {index + 1}</legend>
      <div className="flex items-center justify-between gap-2">
        <p aria-hidden className="text-sm font-semibold text-fg">
          Competency {index + 1}
        </p>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          aria-label={`Remove competency ${index + 1}`}
          className="text-danger hover:text-danger"
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
      <TextField
        label="Name"
        value={value.name}
        maxLength={100}
        onChange={(e) => onChange({ ...value, name: e.target.value })}
        placeholder="e.g. Problem solving"
      />
      <TextField
        label="What it means (optional)"
        value={value.description}
        maxLength={1000}
        onChange={(e) => onChange({ ...value, description: e.target.value })}
      />
      <TextArea
        label="Guiding questions"
        hint="One question a line."
        value={value.questions}
        onChange={(questions) => onChange({ ...value, questions })}
      />
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-fg">Rubric: what each rating looks like</p>
        {value.rubric.map((text, i) => (
          <TextField
            key={i}
            label={`${i + 1} · ${RUBRIC_HINTS[i]}`}
            value={text}
            maxLength={500}
            onChange={(e) => {
              const rubric = [...value.rubric];
              rubric[i] = e.target.value;
              onChange({ ...value, rubric });
            }}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** Create or change a job and its interview kit (competencies, questions, the 1–5 rubric). */
export function JobFormDialog({
  open,
  job,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** null: a new job. */
  job: Job | null;
  onClose(): void;
  onSaved?(job: Job): void;
}) {
  const save = useSaveJob();
  const [title, setTitle] = useState('');
  const [role, setRole] = useState('');
  const [description, setDescription] = useState('');
  const [competencies, setCompetencies] = useState<CompetencyDraft[]>([]);

  useEffect(() => {
    if (!open) return;
    setTitle(job?.title ?? '');
    setRole(job?.role ?? '');
    setDescription(job?.description ?? '');
    setCompetencies(job ? job.competencies.map(draftOf) : [emptyCompetency()]);
    save.reset();
    // Only when the dialog opens (or opens on another job).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, job?.id]);

  const valid = title.trim() !== '' && competencies.every((c) => c.name.trim() !== '');
  const close = () => {
    if (!save.isPending) onClose();
  };
  const submit = () =>
    save.mutate(
      {
        id: job?.id,
        fields: { title, role, description, competencies: competencies.map(competencyOf) },
      },
      {
        onSuccess: (saved) => {
          onSaved?.(saved);
          onClose();
        },
      },
    );

  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent
        size="lg"
        title={job ? 'Edit job' : 'New job'}
        description="The interview kit: what to assess, what to ask, and how to rate the answers."
      >
        <DialogForm
          pending={save.isPending}
          valid={valid}
          error={save.error?.message}
          submitLabel={job ? 'Save job' : 'Create job'}
          onSubmit={submit}
          onCancel={close}
        >
          <TextField
            label="Title"
            value={title}
            maxLength={200}
            required
            onChange={(e) => setTitle(e.target.value)}
            placeholder="e.g. Senior backend engineer"
          />
          <TextField
            label="Role (optional)"
            value={role}
            maxLength={200}
            onChange={(e) => setRole(e.target.value)}
            placeholder="e.g. Engineering"
          />
          <TextArea
            label="Description (optional)"
            value={description}
            maxLength={5000}
            onChange={setDescription}
          />
          <div className="flex flex-col gap-3">
            <p className="text-sm font-semibold text-fg">Competencies</p>
            {competencies.length === 0 ? (
              <p className="text-sm text-muted">No competencies yet.</p>
            ) : null}
            {competencies.map((c, i) => (
              <CompetencyEditor
                key={i}
                index={i}
                value={c}
                onChange={(next) =>
                  setCompetencies((list) => list.map((x, j) => (j === i ? next : x)))
                }
                onRemove={() => setCompetencies((list) => list.filter((_, j) => j !== i))}
              />
            ))}
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              onClick={() => setCompetencies((list) => [...list, emptyCompetency()])}
              disabled={competencies.length >= 20}
            >
              <Plus aria-hidden />
              Add competency
            </Button>
          </div>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
