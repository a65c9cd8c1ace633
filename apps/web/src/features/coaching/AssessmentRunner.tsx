import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CircleAlert, Trophy } from 'lucide-react';
import { COACHING_MESSAGES, type Attempt, type QuizQuestion } from '@parley/contracts';
import { failureMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { toast } from '../../lib/toast';
import { Button, EmptyState, Skeleton } from '../../ui';
import {
  coachingKeys,
  recordScore,
  saveAnswer,
  submitAttempt,
  useAttempt,
  useLearnerQuiz,
} from './api';
import { scoreText } from './model';

function Question({
  index,
  q,
  chosen,
  disabled,
  onChoose,
}: {
  index: number;
  q: QuizQuestion;
  chosen: readonly string[];
  disabled: boolean;
  onChoose(answers: string[]): void;
}) {
  const single = q.kind === 'single';
  return (
    <fieldset
      className="flex flex-col gap-2 rounded-card border border-border bg-surface p-4"
      data-testid="assessment-question"
    >
      <legend className="sr-only">{`Question ${index + 1}`}</legend>
      <p className="text-sm font-medium text-fg">
        <span className="tabular mr-2 text-muted">{index + 1}.</span>
        {q.text}
      </p>
      <p className="text-xs text-muted">
        {single ? 'Choose one answer' : 'Choose every answer that applies'}
      </p>
      <div className="flex flex-col gap-1.5">
        {q.options.map((o) => {
          const on = chosen.includes(o.id);
          return (
            <label
              key={o.id}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-control border px-3 py-2 text-sm text-fg transition-colors',
                on ? 'border-accent bg-accent-soft/50' : 'border-border hover:bg-surface-2',
              )}
            >
              <input
                type={single ? 'radio' : 'checkbox'}
                name={q.id}
                checked={on}
                disabled={disabled}
                onChange={() =>
                  onChoose(
                    single ? [o.id] : on ? chosen.filter((c) => c !== o.id) : [...chosen, o.id],
                  )
                }
                className="size-4 accent-[var(--accent)]"
              />
              {o.text}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

function Score({
  attempt,
  onAgain,
  onBack,
}: {
  attempt: Attempt;
  onAgain(): void;
  onBack(): void;
}) {
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-card border border-border bg-surface px-6 py-10 text-center"
      role="status"
      data-testid="assessment-score"
    >
      <span className="grid size-12 place-items-center rounded-full bg-accent-soft text-accent-soft-fg">
        <Trophy className="size-6" aria-hidden />
      </span>
      <p className="tabular text-3xl font-semibold text-fg">{scoreText(attempt.score)}</p>
      <p className="text-sm text-muted">
        {`${attempt.correctCount ?? 0} of ${attempt.questionCount} questions answered right`}
      </p>
      <div className="mt-2 flex gap-2">
        <Button variant="secondary" onClick={onBack}>
          Back to assessments
        </Button>
        <Button onClick={onAgain}>Try again</Button>
      </div>
    </div>
  );
}

/** Spec 1 §7 Assessments: get or start the attempt, save each answer, submit for the score. */
export function AssessmentRunner({ meetingId, onBack }: { meetingId: string; onBack(): void }) {
  const client = useQueryClient();
  const quiz = useLearnerQuiz(meetingId);
  const attempt = useAttempt(quiz.data?.id);
  const [answers, setAnswers] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<Attempt | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Answers still being saved: submitting waits for them, or the score would miss them.
  const pending = useRef(new Set<Promise<unknown>>());
  const attemptId = attempt.data?.id;
  const saved = attempt.data?.userAnswers;
  useEffect(() => setAnswers(saved ?? {}), [attemptId, saved]);

  const back = (
    <Button variant="ghost" size="sm" onClick={onBack} className="-ml-2 self-start">
      <ArrowLeft aria-hidden /> Back to assessments
    </Button>
  );
  if (quiz.isError || attempt.isError)
    return (
      <div className="flex flex-col gap-3">
        {back}
        <EmptyState
          icon={CircleAlert}
          title={COACHING_MESSAGES.fetchAssessmentFailed}
          description={failureMessage(quiz.error ?? attempt.error, 'Please try again.')}
          action={
            <Button
              variant="secondary"
              onClick={() => void (quiz.isError ? quiz.refetch() : attempt.refetch())}
            >
              Try again
            </Button>
          }
        />
      </div>
    );
  if (!quiz.data || !attempt.data)
    return (
      <div
        className="flex flex-col gap-3"
        role="status"
        aria-busy="true"
        aria-label="Loading assessment"
      >
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  const current = attempt.data;
  const questions = quiz.data.questions;

  const choose = (questionId: string, next: string[]) => {
    const before = answers;
    setAnswers((a) => ({ ...a, [questionId]: next }));
    const saving = saveAnswer(current.id, questionId, next).catch(() => {
      setAnswers(before);
      toast({ title: COACHING_MESSAGES.saveProgressFailed, variant: 'error' });
    });
    pending.current.add(saving);
    void saving.finally(() => pending.current.delete(saving));
  };
  const submit = async () => {
    setSubmitting(true);
    try {
      await Promise.allSettled([...pending.current]);
      const scored = await submitAttempt(current.id);
      if (!scored) throw new Error(COACHING_MESSAGES.noResponse);
      await recordScore(meetingId, scored.id).catch(() => {});
      setResult(scored);
      void client.invalidateQueries({ queryKey: coachingKeys.progress });
    } catch (e) {
      const message =
        e instanceof Error && e.message === COACHING_MESSAGES.noResponse
          ? e.message
          : failureMessage(e, COACHING_MESSAGES.unexpected);
      toast({ title: 'Error', description: message, variant: 'error' });
    } finally {
      setSubmitting(false);
    }
  };
  const again = () => {
    setResult(null);
    void client.resetQueries({ queryKey: coachingKeys.attempt(quiz.data?.id ?? '') });
  };

  if (result) return <Score attempt={result} onAgain={again} onBack={onBack} />;
  const answered = questions.filter((q) => (answers[q.id]?.length ?? 0) > 0).length;
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      {back}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold text-fg">{quiz.data.title}</h2>
        <span className="tabular text-sm text-muted">{`${answered} of ${questions.length} answered`}</span>
      </div>
      {questions.map((q, i) => (
        <Question
          key={q.id}
          index={i}
          q={q}
          chosen={answers[q.id] ?? []}
          disabled={submitting}
          onChoose={(next) => choose(q.id, next)}
        />
      ))}
      <div className="flex justify-end">
        <Button onClick={() => void submit()} loading={submitting} disabled={answered === 0}>
          Submit
        </Button>
      </div>
    </div>
  );
}
