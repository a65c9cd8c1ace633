import { useState } from 'react';
import { CircleAlert, Plus, Trash2 } from 'lucide-react';
import { COACHING_MESSAGES, QUIZ_LIMITS } from '@parley/contracts';
import { failureMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Button, Dialog, DialogContent, DialogFooter, SelectField, TextField } from '../../ui';
import { useQuizChanges } from './api';
import {
  newOption,
  newQuestion,
  quizProblem,
  setKind,
  toggleCorrect,
  toInput,
  type QuestionDraft,
} from './quiz-draft';

const KIND_OPTIONS = [
  { value: 'single', label: 'Single choice' },
  { value: 'multiple', label: 'Multiple choice' },
];

function QuestionEditor({
  index,
  q,
  onChange,
  onRemove,
}: {
  index: number;
  q: QuestionDraft;
  onChange(q: QuestionDraft): void;
  onRemove?(): void;
}) {
  const name = `Question ${index + 1}`;
  return (
    <fieldset
      className="flex flex-col gap-3 rounded-card border border-border p-3"
      aria-label={name}
    >
      <div className="flex flex-wrap items-end gap-2">
        <TextField
          label={name}
          className="min-w-48 flex-1"
          value={q.text}
          maxLength={QUIZ_LIMITS.text}
          onChange={(e) => onChange({ ...q, text: e.target.value })}
        />
        <SelectField
          label={`${name} kind`}
          hideLabel
          value={q.kind}
          onValueChange={(v) => onChange(setKind(q, v as QuestionDraft['kind']))}
          options={KIND_OPTIONS}
          className="w-44 shrink-0"
        />
        {onRemove ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${name.toLowerCase()}`}
            onClick={onRemove}
          >
            <Trash2 aria-hidden />
          </Button>
        ) : null}
      </div>
      <ul className="flex flex-col gap-2" aria-label={`${name} options`}>
        {q.options.map((o, j) => (
          <li key={o.key} className="flex items-center gap-2">
            <input
              type={q.kind === 'single' ? 'radio' : 'checkbox'}
              name={`correct-${q.key}`}
              checked={o.correct}
              onChange={() => onChange(toggleCorrect(q, o.key))}
              aria-label={`Option ${j + 1} is correct`}
              className="size-4 accent-[var(--accent)]"
            />
            <input
              value={o.text}
              maxLength={QUIZ_LIMITS.text}
              onChange={(e) =>
                onChange({
                  ...q,
                  options: q.options.map((x) =>
                    x.key === o.key ? { ...x, text: e.target.value } : x,
                  ),
                })
              }
              aria-label={`${name}, option ${j + 1}`}
              placeholder={`Option ${j + 1}`}
              className="h-8 min-w-0 flex-1 rounded-control border border-border-strong bg-surface px-2 text-sm text-fg focus-visible:border-accent focus-visible:outline-none"
            />
            {q.options.length > 2 ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label={`Remove option ${j + 1}`}
                onClick={() =>
                  onChange({ ...q, options: q.options.filter((x) => x.key !== o.key) })
                }
              >
                <Trash2 aria-hidden />
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {q.options.length < QUIZ_LIMITS.options ? (
        <Button
          variant="link"
          size="sm"
          className="self-start"
          onClick={() => onChange({ ...q, options: [...q.options, newOption()] })}
        >
          <Plus aria-hidden /> Add option
        </Button>
      ) : null}
    </fieldset>
  );
}

interface Props {
  video: { meetingId: string; title: string } | null;
  onClose(): void;
}

/** An author writes a video's quiz: questions, their options and which are correct. */
export function QuizEditorDialog({ video, onClose }: Props) {
  const [title, setTitle] = useState('');
  const [questions, setQuestions] = useState<QuestionDraft[]>(() => [newQuestion()]);
  const [error, setError] = useState<string | null>(null);
  const { create } = useQuizChanges();
  const problem = quizProblem(title, questions);

  const close = () => {
    setTitle('');
    setQuestions([newQuestion()]);
    setError(null);
    onClose();
  };
  const save = async () => {
    if (!video || problem) return setError(problem);
    try {
      await create.mutateAsync({
        meetingId: video.meetingId,
        ...(title.trim() ? { title: title.trim() } : {}),
        questions: toInput(questions),
      });
      toast({ title: 'Quiz created', description: video.title, variant: 'success' });
      close();
    } catch (e) {
      setError(failureMessage(e, COACHING_MESSAGES.unexpected));
    }
  };

  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && !create.isPending && close()}>
      <DialogContent
        title="Create quiz"
        description={
          video
            ? `On ‘${video.title}’. Mark the correct options; learners never see them.`
            : undefined
        }
        size="lg"
      >
        <form
          noValidate
          className="flex min-h-0 flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="-mx-1 flex max-h-[60dvh] flex-col gap-3 overflow-y-auto px-1">
            <TextField
              label="Quiz title (optional)"
              value={title}
              maxLength={200}
              onChange={(e) => setTitle(e.target.value)}
              placeholder={video?.title}
            />
            {questions.map((q, i) => (
              <QuestionEditor
                key={q.key}
                index={i}
                q={q}
                onChange={(next) => {
                  setError(null);
                  setQuestions((qs) => qs.map((x) => (x.key === q.key ? next : x)));
                }}
                onRemove={
                  questions.length > 1
                    ? () => setQuestions((qs) => qs.filter((x) => x.key !== q.key))
                    : undefined
                }
              />
            ))}
            {questions.length < QUIZ_LIMITS.questions ? (
              <Button
                variant="secondary"
                size="sm"
                className="self-start"
                onClick={() => setQuestions((qs) => [...qs, newQuestion()])}
              >
                <Plus aria-hidden /> Add question
              </Button>
            ) : null}
          </div>
          {error ? (
            <p role="alert" className="flex items-start gap-1.5 text-sm text-danger">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              {error}
            </p>
          ) : problem ? (
            <p className="text-xs text-muted" data-testid="quiz-problem">
              {problem}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="secondary" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={problem !== null}>
              Save quiz
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
