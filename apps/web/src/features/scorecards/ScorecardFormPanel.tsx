import { useId, useState } from 'react';
import { ClipboardCheck } from 'lucide-react';
import {
  RECOMMENDATIONS,
  RECOMMENDATION_LABELS,
  SCORECARD_MESSAGES as S,
  type JobCompetency,
  type ScorecardView,
} from '@parley/contracts';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { Button, Card, CheckboxField, Label } from '../../ui';
import { useSaveScorecard, useSubmitScorecard } from './api';
import { bodyOf, formOf, missingForSubmit, type RatingDraft, type ScorecardForm } from './model';
import { RatingScale } from './RatingScale';

const AREA =
  'min-h-16 w-full rounded-card border border-border-strong bg-surface px-3 py-2 text-sm text-fg shadow-sm placeholder:text-subtle focus-visible:border-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/25';

function CompetencyField({
  competency,
  value,
  onChange,
}: {
  competency: JobCompetency;
  value: RatingDraft;
  onChange(next: RatingDraft): void;
}) {
  const id = useId();
  const level = value.rating !== null ? competency.rubric[value.rating - 1] : null;
  return (
    <fieldset className="flex flex-col gap-2 border-b border-border py-3 last:border-b-0">
      <legend className="text-sm font-semibold text-fg">{competency.name}</legend>
      {competency.description ? (
        <p className="text-xs text-muted">{competency.description}</p>
      ) : null}
      {competency.questions.length > 0 ? (
        <ul className="list-disc pl-5 text-xs text-muted" aria-label="Guiding questions">
          {competency.questions.map((q) => (
            <li key={q}>{q}</li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <RatingScale
          label={`${competency.name} rating`}
          value={value.discussed ? value.rating : null}
          disabled={!value.discussed}
          onChange={(rating) => onChange({ ...value, rating })}
        />
        <CheckboxField
          label="Not discussed"
          checked={!value.discussed}
          onCheckedChange={(off) =>
            onChange({ ...value, discussed: !off, rating: off ? null : value.rating })
          }
        />
      </div>
      {value.discussed && level ? (
        <p className="text-xs text-fg" data-testid="rubric-level">
          <span className="font-medium">{value.rating}:</span> {level}
        </p>
      ) : null}
      <Label htmlFor={`${id}-notes`} className="sr-only">
        Notes on {competency.name}
      </Label>
      <textarea
        id={`${id}-notes`}
        className={AREA}
        rows={2}
        maxLength={2000}
        placeholder="Notes"
        value={value.notes}
        onChange={(e) => onChange({ ...value, notes: e.target.value })}
      />
    </fieldset>
  );
}

/** The interviewer's own scorecard: a rating per competency, notes, recommendation; Save and Submit. */
export function ScorecardFormPanel({ view }: { view: ScorecardView }) {
  const kit = view.competencies;
  const [form, setForm] = useState<ScorecardForm>(() => formOf(kit, view.mine));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveScorecard(view.meetingId);
  const submit = useSubmitScorecard(view.meetingId);
  const busy = save.isPending || submit.isPending;
  const set = (name: string, next: RatingDraft) =>
    setForm((f) => ({ ...f, ratings: { ...f.ratings, [name]: next } }));

  const onSave = () =>
    save.mutate(bodyOf(kit, form), {
      onSuccess: () => toast({ title: S.saved, variant: 'success' }),
    });
  const onSubmit = () => {
    const missing = missingForSubmit(kit, form);
    setProblem(missing);
    if (missing) return;
    submit.mutate(bodyOf(kit, form), {
      onSuccess: () => toast({ title: S.submitted, variant: 'success' }),
    });
  };

  return (
    <Card className="flex flex-col gap-1 p-3" role="region" aria-label="Your scorecard">
      <header className="flex flex-wrap items-center gap-2">
        <ClipboardCheck className="size-4 text-accent-text" aria-hidden />
        <h3 className="text-sm font-semibold text-fg">Your scorecard</h3>
        {view.draft ? (
          <Button
            size="sm"
            variant="ghost"
            className="ml-auto"
            onClick={() => setForm((f) => formOf(kit, view.draft, f.recommendation))}
          >
            Start from Zai's draft
          </Button>
        ) : null}
      </header>
      {kit.map((c) => (
        <CompetencyField
          key={c.name}
          competency={c}
          value={form.ratings[c.name] ?? { rating: null, discussed: true, notes: '', evidence: [] }}
          onChange={(next) => set(c.name, next)}
        />
      ))}
      <div
        role="radiogroup"
        aria-label="Overall recommendation"
        className="flex flex-col gap-2 pt-3"
      >
        <span className="text-sm font-semibold text-fg">Overall recommendation</span>
        <div className="flex flex-wrap gap-1.5">
          {RECOMMENDATIONS.map((r) => (
            <button
              key={r}
              type="button"
              role="radio"
              aria-checked={form.recommendation === r}
              onClick={() => setForm((f) => ({ ...f, recommendation: r }))}
              className={cn(
                'h-8 rounded-control border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                form.recommendation === r
                  ? 'border-accent bg-accent text-accent-fg'
                  : 'border-border-strong bg-surface text-fg hover:bg-surface-2',
              )}
            >
              {RECOMMENDATION_LABELS[r]}
            </button>
          ))}
        </div>
      </div>
      {problem ? (
        <p role="alert" className="pt-2 text-sm text-danger">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2 pt-3">
        <Button variant="secondary" onClick={onSave} disabled={busy}>
          {save.isPending ? 'Saving…' : 'Save'}
        </Button>
        <Button onClick={onSubmit} disabled={busy}>
          {submit.isPending ? 'Submitting…' : 'Submit'}
        </Button>
      </div>
    </Card>
  );
}
