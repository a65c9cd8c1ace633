import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Highlighter, MessageSquareText, Search, X } from 'lucide-react';
import { ANALYSIS_MESSAGES } from '@parley/contracts';
import { useDebouncedValue } from '../../lib/use-debounced';
import { Button } from '../../ui/Button';
import { PlayerButton } from '../../ui/player/PlayerButton';
import {
  findCurrentBlock,
  findCurrentWord,
  markedWords,
  type TranscriptBlock,
  type WordMark,
} from './model';
import { findMatches, stepMatch } from './search';
import { SearchBar } from './SearchBar';
import { TranscriptBlockView, type BlockMatch } from './TranscriptBlockView';
import { scrollWithin, useFollowScroll } from './use-follow-scroll';
import {
  inRange,
  momentOf,
  pickBlock,
  rangeBounds,
  type BlockRange,
  type TranscriptMoment,
} from './selection';

export const NO_TRANSCRIPT_MESSAGE = ANALYSIS_MESSAGES.noTranscript;

interface TranscriptPanelProps {
  blocks: readonly TranscriptBlock[];
  /** The video's current time in seconds. */
  currentTime?: number;
  /** Clicking (or Enter on) a word seeks the video to the word's start. */
  onSeek?(time: number): void;
  /** ZAI_INTELLIGENCE: search is offered only with it (spec 2 §2). */
  searchable?: boolean;
  /** Shown in the panel's header line (the speech-to-text engine). */
  note?: ReactNode;
  /**
   * Present when the reader may save a moment: blocks become selectable and the selected
   * range is offered as a highlight (spec 2 §2 "a selected range of blocks").
   */
  onHighlight?(moment: TranscriptMoment): void;
  /** Stretches to mark (tracker mentions), each word with its tooltip. */
  marks?: readonly WordMark[];
}

const NO_MARKS: readonly WordMark[] = [];
const NO_MATCHES: readonly BlockMatch[] = [];

/** The transcript panel of spec 2 §2: dialogue blocks, search, follow the playback, seek. */
export function TranscriptPanel({
  blocks,
  currentTime = -1,
  onSeek,
  searchable = false,
  note,
  onHighlight,
  marks = NO_MARKS,
}: TranscriptPanelProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [searchOpen, setSearchOpen] = useState(false);
  const [query, setQuery] = useState('');
  const term = useDebouncedValue(query);
  const [current, setCurrent] = useState(-1);
  const [focusWord, setFocusWord] = useState(0);
  const [range, setRange] = useState<BlockRange | null>(null);
  const onPick = useCallback((i: number) => setRange((r) => pickBlock(r, i)), []);
  // A shorter transcript (a re-analysis) drops a range that no longer fits.
  const selection = range && rangeBounds(range)[1] < blocks.length ? range : null;
  const moment = selection ? momentOf(blocks, selection) : null;

  const firstWords = useMemo(() => {
    let n = 0;
    return blocks.map((b) => {
      const first = n;
      n += b.words.length;
      return first;
    });
  }, [blocks]);
  const totalWords = blocks.reduce((n, b) => n + b.words.length, 0);
  // The tab stop survives a shorter transcript (an edit, a re-analysis).
  const tabStop = Math.min(focusWord, Math.max(0, totalWords - 1));

  const matches = useMemo(
    () => (searchOpen ? findMatches(blocks, term) : []),
    [blocks, term, searchOpen],
  );
  const byBlock = useMemo(() => {
    const map = new Map<number, BlockMatch[]>();
    matches.forEach((m, n) => {
      const list = map.get(m.block) ?? [];
      list.push({ from: m.from, to: m.to, n });
      map.set(m.block, list);
    });
    return map;
  }, [matches]);

  // A new term starts at its first match.
  useEffect(() => setCurrent(matches.length > 0 ? 0 : -1), [matches]);

  // The current match is brought into view: the reader asked for it.
  useEffect(() => {
    if (current < 0) return;
    const box = scroller.current;
    const el = box?.querySelector<HTMLElement>('[data-current-match]');
    if (box && el) scrollWithin(box, el);
  }, [current, matches]);

  const marked = useMemo(() => markedWords(blocks, marks), [blocks, marks]);

  const spoken = useMemo(() => findCurrentWord(blocks, currentTime), [blocks, currentTime]);
  const activeBlock = spoken?.block ?? findCurrentBlock(blocks, currentTime);
  const following = matches.length === 0;
  const { resume } = useFollowScroll(
    scroller,
    activeBlock >= 0 ? (blocks[activeBlock]?.key ?? null) : null,
    following,
  );

  const onWord = useCallback(
    (time: number, position: number) => {
      setFocusWord(position);
      resume();
      onSeek?.(time);
    },
    [onSeek, resume],
  );

  const root = useRef<HTMLDivElement>(null);
  const closeSearch = () => {
    setSearchOpen(false);
    setQuery('');
    // Focus goes back to the button that opened the search, not to the page's start.
    requestAnimationFrame(() =>
      root.current?.querySelector<HTMLElement>('button[aria-label="Search transcript"]')?.focus(),
    );
  };

  // One tab stop for the words; arrows move between them (roving focus).
  const onKeyDown = (e: KeyboardEvent<HTMLOListElement>) => {
    if (e.key === 'Escape' && selection) {
      e.preventDefault();
      setRange(null);
      return;
    }
    const target = e.target as HTMLElement;
    const at = Number(target.dataset.w);
    if (!Number.isFinite(at) || target.dataset.w === undefined) return;
    let next: number | null = null;
    if (e.key === 'ArrowRight') next = at + 1;
    else if (e.key === 'ArrowLeft') next = at - 1;
    else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      let b = 0;
      while (b + 1 < firstWords.length && (firstWords[b + 1] ?? Infinity) <= at) b++;
      const to = b + (e.key === 'ArrowDown' ? 1 : -1);
      next = to >= 0 && to < blocks.length ? (firstWords[to] ?? null) : null;
    } else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = totalWords - 1;
    if (next === null) return;
    e.preventDefault();
    const n = Math.max(0, Math.min(totalWords - 1, next));
    setFocusWord(n);
    scroller.current?.querySelector<HTMLElement>(`[data-w="${n}"]`)?.focus();
  };

  if (blocks.length === 0) {
    return (
      <div className="flex h-full min-h-60 flex-col items-center justify-center gap-3 p-6 text-center">
        <span className="grid size-10 place-items-center rounded-full bg-surface-2 text-muted">
          <MessageSquareText className="size-5" aria-hidden />
        </span>
        <p className="max-w-64 text-sm text-muted">{NO_TRANSCRIPT_MESSAGE}</p>
      </div>
    );
  }

  return (
    <div ref={root} className="flex h-full min-h-0 flex-col">
      {searchOpen && searchable ? (
        <SearchBar
          value={query}
          onChange={setQuery}
          current={current + 1}
          total={matches.length}
          onNext={() => setCurrent((c) => stepMatch(c, matches.length, 1))}
          onPrevious={() => setCurrent((c) => stepMatch(c, matches.length, -1))}
          onClose={closeSearch}
        />
      ) : note || searchable ? (
        <div className="flex min-h-11 items-center gap-2 border-b border-border px-3 py-1.5">
          <div className="min-w-0 flex-1 truncate text-xs text-muted">{note}</div>
          {searchable ? (
            <PlayerButton label="Search transcript" onClick={() => setSearchOpen(true)}>
              <Search aria-hidden />
            </PlayerButton>
          ) : null}
        </div>
      ) : null}
      {onHighlight && moment && selection ? (
        <div
          role="region"
          aria-label="Selected blocks"
          className="flex flex-wrap items-center gap-2 border-b border-border bg-sky-50 px-3 py-2 text-sm dark:bg-sky-400/10"
        >
          <span className="min-w-0 flex-1 text-fg">
            <span className="font-medium">
              {rangeBounds(selection)[1] - rangeBounds(selection)[0] + 1} selected
            </span>{' '}
            <span className="tabular text-muted">{moment.label}</span>
          </span>
          <Button variant="ghost" size="sm" onClick={() => setRange(null)}>
            <X aria-hidden />
            Clear
          </Button>
          <Button
            size="sm"
            onClick={() => {
              onHighlight(moment);
              setRange(null);
            }}
          >
            <Highlighter aria-hidden />
            Create highlight
          </Button>
        </div>
      ) : null}
      <div
        ref={scroller}
        className="max-h-[70vh] min-h-0 flex-1 overflow-y-auto lg:max-h-none"
        data-testid="transcript-scroller"
      >
        <ol aria-label="Transcript" className="flex flex-col gap-0.5 p-2" onKeyDown={onKeyDown}>
          {blocks.map((b, i) => (
            <TranscriptBlockView
              key={b.key}
              block={b}
              firstWord={firstWords[i] ?? 0}
              active={activeBlock === i}
              currentWord={spoken?.block === i ? spoken.word : -1}
              focusWord={
                tabStop >= (firstWords[i] ?? 0) && tabStop < (firstWords[i] ?? 0) + b.words.length
                  ? tabStop
                  : -1
              }
              matches={byBlock.get(i) ?? NO_MATCHES}
              marked={marked.get(i)}
              currentMatch={byBlock.has(i) ? current : -1}
              onWord={onWord}
              index={i}
              selected={inRange(selection, i)}
              onPick={onHighlight ? onPick : undefined}
            />
          ))}
        </ol>
      </div>
    </div>
  );
}
