import { ZAI_MESSAGES } from '@parley/contracts';
import { useEffect, useRef } from 'react';
import { AlertCircle, RotateCcw, SearchX, Sparkles } from 'lucide-react';
import { Button } from '../../ui';
import { cn } from '../../lib/cn';
import { AnswerText, Citations } from './Citations';
import type { Turn } from './conversation';

function TypingIndicator() {
  return (
    <span
      role="status"
      aria-label="Zai is answering"
      className="inline-flex items-center gap-1 py-1"
    >
      {[0, 150, 300].map((delay) => (
        <span
          key={delay}
          className="size-1.5 rounded-full bg-subtle motion-safe:animate-pulse"
          style={{ animationDelay: `${delay}ms` }}
        />
      ))}
    </span>
  );
}

function Answer({ turn, onRetry }: { turn: Turn; onRetry(id: string): void }) {
  const final = turn.final;
  if (turn.status === 'failed') {
    return (
      <div className="flex flex-col gap-2">
        {turn.text ? <p className="whitespace-pre-wrap text-fg">{turn.text}</p> : null}
        <div
          role={turn.stopped ? undefined : 'alert'}
          className={cn(
            'flex flex-wrap items-center gap-2 rounded-card px-3 py-2 text-sm',
            turn.stopped ? 'bg-surface-2 text-muted' : 'bg-danger-soft text-danger',
          )}
        >
          {turn.stopped ? null : <AlertCircle className="size-4 shrink-0" aria-hidden />}
          <span className="min-w-0 flex-1">{turn.error}</span>
          <Button size="sm" variant="secondary" onClick={() => onRetry(turn.id)}>
            <RotateCcw aria-hidden />
            Retry
          </Button>
        </div>
      </div>
    );
  }
  if (final?.notFound) {
    return (
      <div
        role="note"
        className="flex items-start gap-2 rounded-card border border-warning/40 bg-warning-soft px-3 py-2 text-sm text-fg"
      >
        <SearchX className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        <span>{final.answer}</span>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {turn.text ? (
        <p className="whitespace-pre-wrap break-words text-fg">
          {final ? <AnswerText text={turn.text} citations={final.citations} /> : turn.text}
          {turn.status === 'pending' ? (
            <span
              aria-hidden
              className="ml-0.5 inline-block h-4 w-1.5 translate-y-0.5 bg-accent motion-safe:animate-pulse"
            />
          ) : null}
        </p>
      ) : (
        <TypingIndicator />
      )}
      {final ? <Citations citations={final.citations} /> : null}
      {final?.scope ? (
        <p className="text-xs text-muted">
          {ZAI_MESSAGES.searchScope(final.scope.used, final.scope.matched)}
        </p>
      ) : null}
    </div>
  );
}

/** Questions right, answers left; the newest turn scrolls into view as it streams. */
export function Thread({ turns, onRetry }: { turns: Turn[]; onRetry(id: string): void }) {
  const end = useRef<HTMLDivElement>(null);
  const last = turns[turns.length - 1];
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end', behavior: 'smooth' });
  }, [turns.length, last?.text, last?.status]);

  return (
    <>
      <ol aria-label="Conversation" className="flex flex-col gap-5">
        {turns.map((turn) => (
          <li
            key={turn.id}
            className="flex flex-col gap-3"
            data-status={turn.status}
            aria-busy={turn.status === 'pending'}
          >
            <div className="max-w-[85%] self-end rounded-card rounded-br-sm bg-accent px-3 py-2 text-sm whitespace-pre-wrap break-words text-accent-fg">
              {turn.question}
            </div>
            <div className="flex max-w-[95%] gap-2.5 self-start text-sm">
              <span className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-full bg-accent-soft text-accent-soft-fg">
                <Sparkles className="size-3.5" aria-hidden />
              </span>
              <div className="min-w-0 flex-1 rounded-card rounded-tl-sm border border-border bg-surface px-3 py-2">
                <Answer turn={turn} onRetry={onRetry} />
              </div>
            </div>
          </li>
        ))}
      </ol>
      <div ref={end} />
    </>
  );
}
