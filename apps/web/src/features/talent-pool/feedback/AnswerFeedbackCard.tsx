import { Lightbulb, Play, Target, ThumbsUp } from 'lucide-react';
import type { AnswerFeedback } from '@parley/contracts';
import { Badge, Button, ProgressBar } from '../../../ui';
import { clock } from '../run-state';

/** 0:42 for 42.6 s: the moment an answer rests on, as the run's countdowns show time. */
const at = (seconds: number) => clock(Math.max(0, Math.floor(seconds)));

function List({
  title,
  items,
  icon: Icon,
}: {
  title: string;
  items: string[];
  icon: typeof ThumbsUp;
}) {
  if (items.length === 0) return null;
  return (
    <div className="flex flex-col gap-1">
      <h4 className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
        <Icon className="size-3.5" aria-hidden /> {title}
      </h4>
      <ul className="list-disc space-y-0.5 pl-5 text-sm text-fg">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** One answer: its question, score, moment (plays the recording from there) and advice. */
export function AnswerFeedbackCard({
  answer,
  onPlay,
}: {
  answer: AnswerFeedback;
  onPlay: ((seconds: number) => void) | null;
}) {
  const n = answer.question + 1;
  return (
    <article
      data-testid="answer-feedback"
      data-question={answer.question}
      aria-labelledby={`answer-${answer.question}-title`}
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="text-xs text-muted">Question {n}</p>
          <h3 id={`answer-${answer.question}-title`} className="text-sm font-semibold text-fg">
            {answer.questionText}
          </h3>
        </div>
        {answer.score === null ? (
          <Badge tone="neutral">Not enough signal</Badge>
        ) : (
          <Badge tone={answer.score >= 70 ? 'success' : answer.score >= 45 ? 'warning' : 'danger'}>
            <span className="tabular-nums">{answer.score}/100</span>
          </Badge>
        )}
      </header>
      {answer.score !== null ? (
        <ProgressBar value={answer.score} label={`Question ${n} score`} />
      ) : null}
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {answer.moment && onPlay ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onPlay(answer.moment!.start)}
            aria-label={`Play your answer to question ${n} from ${at(answer.moment.start)}`}
          >
            <Play className="size-4" aria-hidden /> {at(answer.moment.start)}–
            {at(answer.moment.end)}
          </Button>
        ) : (
          <span className="text-xs text-muted">The moment of this answer was not recorded.</span>
        )}
      </div>
      <blockquote className="border-l-2 border-border-strong pl-3 text-sm text-muted italic">
        {answer.transcript || 'Nothing was heard.'}
      </blockquote>
      <List title="Strengths" items={answer.strengths} icon={ThumbsUp} />
      <List title="Practise next" items={answer.practiseNext} icon={Target} />
      {answer.signals.length ? (
        <details className="text-xs text-muted">
          <summary className="cursor-pointer rounded focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none">
            <Lightbulb className="mr-1 inline size-3.5" aria-hidden />
            What this rests on
          </summary>
          <ul className="mt-1 list-disc pl-5">
            {answer.signals.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </article>
  );
}
