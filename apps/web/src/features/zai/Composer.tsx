import { useRef, useState, type KeyboardEvent } from 'react';
import { SendHorizontal, Square } from 'lucide-react';
import { ZAI } from '@parley/contracts';
import { Button } from '../../ui';
import { cn } from '../../lib/cn';

export interface ComposerProps {
  disabledReason: string | null;
  streaming: boolean;
  onSend(question: string): void;
  onStop(): void;
}

/** The question box: Enter sends, Shift+Enter starts a new line; Stop while an answer streams. */
export function Composer({ disabledReason, streaming, onSend, onStop }: ComposerProps) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const question = text.trim();
  const canSend = !disabledReason && !streaming && question.length > 0;

  const submit = () => {
    if (!canSend) return;
    onSend(question);
    setText('');
    box.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // An IME composing a character uses Enter to confirm it, not to send.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <form
      className="flex flex-col gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div
        className={cn(
          'flex items-end gap-2 rounded-card border border-border-strong bg-surface p-2 shadow-sm',
          'focus-within:border-accent focus-within:ring-[3px] focus-within:ring-ring/25',
        )}
      >
        <textarea
          ref={box}
          aria-label="Ask Zai"
          rows={1}
          maxLength={ZAI.maxPromptChars}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={disabledReason ?? 'Ask about the selected meetings…'}
          className="field-sizing-content max-h-40 min-h-9 flex-1 resize-none bg-transparent px-1.5 py-2 text-sm text-fg placeholder:text-subtle focus:outline-none"
        />
        {streaming ? (
          <Button type="button" variant="secondary" onClick={onStop}>
            <Square className="fill-current" aria-hidden />
            Stop
          </Button>
        ) : (
          <Button type="submit" disabled={!canSend} aria-label="Send question">
            <SendHorizontal aria-hidden />
            <span className="max-sm:sr-only">Send</span>
          </Button>
        )}
      </div>
      <p className="px-1 text-xs text-subtle max-sm:hidden">
        Enter sends, Shift+Enter adds a line. Answers come only from the selected meetings’
        transcripts.
      </p>
    </form>
  );
}
