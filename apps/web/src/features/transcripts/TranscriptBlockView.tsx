import { memo } from 'react';
import { Check } from 'lucide-react';
import { cn } from '../../lib/cn';
import { speakerColor } from '../../ui/player/player';
import type { TranscriptBlock } from './model';
import { wordOffsets, wordPieces } from './search';

export interface BlockMatch {
  from: number;
  to: number;
  /** The match's number in the whole transcript. */
  n: number;
}

interface TranscriptBlockViewProps {
  block: TranscriptBlock;
  /** Position of the block's first word among all words (roving focus, data-w). */
  firstWord: number;
  /** The block being spoken (kept through the pauses between its words). */
  active: boolean;
  /** The word being spoken in this block, or -1. */
  currentWord: number;
  /** The word that holds the panel's single tab stop, or -1. */
  focusWord: number;
  matches: readonly BlockMatch[];
  currentMatch: number;
  /** Words marked (tracker mentions) by index in the block, with what they mention. */
  marked?: ReadonlyMap<number, string>;
  onWord(time: number, wordPosition: number): void;
  /** The block's place in the transcript, for picking it into a range. */
  index: number;
  /** In the selected range of blocks (spec 2 §2: light blue). */
  selected?: boolean;
  /** Present when blocks may be selected (making a highlight). */
  onPick?(index: number): void;
}

const MARKS = {
  none: undefined,
  // Spec 2 §2: search matches yellow, the current match orange; readable on both themes.
  match: 'rounded-[2px] bg-yellow-200 text-zinc-900 dark:bg-yellow-300/80',
  current: 'rounded-[2px] bg-orange-400 text-zinc-950 dark:bg-orange-400',
} as const;

/** One dialogue block: initials, coloured name, HH:MM:SS and its words as seek targets. */
export const TranscriptBlockView = memo(function TranscriptBlockView({
  block,
  firstWord,
  active,
  currentWord,
  focusWord,
  matches,
  currentMatch,
  marked,
  onWord,
  index,
  selected = false,
  onPick,
}: TranscriptBlockViewProps) {
  const color = speakerColor(block.color);
  const offsets = matches.length > 0 ? wordOffsets(block) : null;
  return (
    <li
      data-block={block.key}
      data-testid="transcript-block"
      aria-current={active || undefined}
      data-selected={selected || undefined}
      className={cn(
        'flex gap-3 rounded-card px-3 py-2.5',
        active && 'bg-surface-2',
        // Spec 2 §2: a selected range of blocks is light blue (both themes).
        selected && 'bg-sky-100 dark:bg-sky-400/15',
      )}
    >
      <span
        aria-hidden
        data-testid="speaker-initials"
        className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-full text-xs font-semibold text-speaker-fg"
        style={{ background: color }}
      >
        {block.initials}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex items-baseline gap-2">
          <span
            className="truncate text-sm font-semibold"
            style={{ color }}
            data-testid="speaker-name"
          >
            {block.name}
          </span>
          <time className="tabular text-xs text-subtle" dateTime={`PT${Math.floor(block.start)}S`}>
            {block.time}
          </time>
          {onPick ? (
            <button
              type="button"
              aria-pressed={selected}
              aria-label={`Select from ${block.time}`}
              title="Select this block; select another to take in everything between"
              onClick={() => onPick(index)}
              className={cn(
                'ml-auto grid size-6 shrink-0 cursor-pointer place-items-center self-center rounded-control border text-xs',
                'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                selected
                  ? 'border-sky-600 bg-sky-600 text-white dark:border-sky-400 dark:bg-sky-400 dark:text-zinc-950'
                  : 'border-border-strong text-transparent hover:border-sky-600 hover:text-sky-600',
              )}
            >
              <Check className="size-3.5" aria-hidden />
            </button>
          ) : null}
        </p>
        <p className="text-sm leading-6 text-fg">
          {block.words.map((w, i) => {
            const position = firstWord + i;
            const mention = marked?.get(i);
            const pieces = offsets
              ? wordPieces(w.word, offsets[i] ?? 0, matches, currentMatch)
              : null;
            return (
              <span key={i}>
                <button
                  type="button"
                  title={mention}
                  data-tracker={mention}
                  tabIndex={position === focusWord ? 0 : -1}
                  data-w={position}
                  data-start={w.start}
                  data-current={i === currentWord || undefined}
                  onClick={() => onWord(w.start, position)}
                  className={cn(
                    'cursor-pointer rounded-[2px] decoration-2 underline-offset-4 hover:bg-surface-3',
                    'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
                    // DESIGN: the word being spoken gets the accent underline.
                    i === currentWord && 'text-accent-text underline decoration-accent',
                    // A tracker mention: an amber underline, under the spoken word's accent.
                    mention &&
                      i !== currentWord &&
                      'underline decoration-amber-500 decoration-dotted dark:decoration-amber-400',
                  )}
                >
                  {pieces
                    ? pieces.map((p, k) =>
                        p.mark === 'none' ? (
                          p.text
                        ) : (
                          <mark
                            key={k}
                            className={MARKS[p.mark]}
                            data-current-match={p.mark === 'current' || undefined}
                          >
                            {p.text}
                          </mark>
                        ),
                      )
                    : w.word}
                </button>{' '}
              </span>
            );
          })}
        </p>
      </div>
    </li>
  );
});
