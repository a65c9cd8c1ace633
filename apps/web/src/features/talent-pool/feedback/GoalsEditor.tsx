import { useState, type FormEvent } from 'react';
import { Pencil, Plus, Target, Trash2 } from 'lucide-react';
import {
  FEEDBACK_MESSAGES as F,
  GOAL_LIMITS,
  type GoalKind,
  type PracticeGoal,
} from '@parley/contracts';
import { failureMessage } from '../../../lib/api';
import { Button, FormError, LoadError, SelectField, Skeleton, TextField } from '../../../ui';
import { useGoalActions, usePracticeGoals } from './api';

const KINDS = [
  { value: 'yes_no', label: 'Yes / no' },
  { value: 'rating', label: 'Rated 1–10' },
];
const KIND_LABEL: Record<GoalKind, string> = { yes_no: 'Yes / no', rating: 'Rated 1–10' };

/**
 * The seeker's practice goals (a custom rubric): yes/no goals ("Give a number in every
 * answer") and rated ones ("Avoid filler words"). Interviews analysed later are scored on them.
 */
export function GoalsEditor() {
  const goals = usePracticeGoals();
  const { save, remove } = useGoalActions();
  const [editing, setEditing] = useState<PracticeGoal | null>(null);
  const [text, setText] = useState('');
  const [kind, setKind] = useState<GoalKind>('yes_no');
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setEditing(null);
    setText('');
    setKind('yes_no');
    setError(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      await save.mutateAsync({ id: editing?.id, body: { kind, text } });
      reset();
    } catch (err) {
      setError(failureMessage(err, F.goalSaveFailed));
    }
  }

  const list = goals.data?.data ?? [];
  const full = !editing && list.length >= GOAL_LIMITS.max;
  return (
    <div className="flex flex-col gap-4">
      {goals.isError ? (
        <LoadError icon={Target} what="Your practice goals" onRetry={() => void goals.refetch()} />
      ) : goals.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : list.length === 0 ? (
        <p className="text-sm text-muted">
          No goals yet. Try “Use the STAR method” (yes / no) or “Avoid filler words” (rated).
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Your practice goals">
          {list.map((g) => (
            <li
              key={g.id}
              className="flex items-center gap-2 rounded-card border border-border bg-surface px-3 py-2"
            >
              <span className="min-w-0 flex-1 text-sm text-fg">{g.text}</span>
              <span className="shrink-0 text-xs text-muted">{KIND_LABEL[g.kind]}</span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Edit the goal “${g.text}”`}
                onClick={() => {
                  setEditing(g);
                  setText(g.text);
                  setKind(g.kind);
                }}
              >
                <Pencil aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Delete the goal “${g.text}”`}
                loading={remove.isPending && remove.variables === g.id}
                onClick={() =>
                  remove.mutate(g.id, {
                    onError: (err) => setError(failureMessage(err, F.goalSaveFailed)),
                  })
                }
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={submit}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        aria-label={editing ? 'Edit the goal' : 'Add a goal'}
      >
        <TextField
          label={editing ? 'Edit the goal' : 'New goal'}
          value={text}
          maxLength={GOAL_LIMITS.textMax}
          onChange={(e) => setText(e.target.value)}
          className="min-w-0 flex-1"
          disabled={full}
          hint={full ? F.tooManyGoals : undefined}
        />
        <SelectField
          label="Kind"
          value={kind}
          onValueChange={(v) => setKind(v as GoalKind)}
          options={KINDS}
          className="sm:w-40"
          disabled={full}
        />
        <div className="flex gap-2">
          <Button type="submit" loading={save.isPending} disabled={full || text.trim().length < 3}>
            {editing ? (
              'Save'
            ) : (
              <>
                <Plus aria-hidden /> Add goal
              </>
            )}
          </Button>
          {editing ? (
            <Button type="button" variant="secondary" onClick={reset}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
      <FormError message={error} />
    </div>
  );
}
