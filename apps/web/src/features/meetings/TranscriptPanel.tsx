import { MessageSquareText } from 'lucide-react';
import { cn } from '../../lib/cn';
import { formatDuration } from '../../lib/format';
import { speakerColor } from '../../lib/player';
import { activeEntryIndex, speakerIndexes, type TranscriptEntry } from './transcript';

export const NO_TRANSCRIPT_MESSAGE = 'No transcriptions generated for this meeting.';

interface TranscriptPanelProps {
  entries: TranscriptEntry[];
  currentTime?: number;
  /** Clicking a block seeks the video there. */
  onSeek?(time: number): void;
}

/** Dialogue blocks: coloured speaker name, HH:MM:SS timestamp, words (spec 2 §2). */
export function TranscriptPanel({ entries, currentTime = -1, onSeek }: TranscriptPanelProps) {
  if (entries.length === 0) {
    return (
      <div className="flex h-full min-h-60 flex-col items-center justify-center gap-3 p-6 text-center">
        <span className="grid size-10 place-items-center rounded-full bg-surface-2 text-muted">
          <MessageSquareText className="size-5" aria-hidden />
        </span>
        <p className="max-w-64 text-sm text-muted">{NO_TRANSCRIPT_MESSAGE}</p>
      </div>
    );
  }
  const speakers = speakerIndexes(entries);
  const active = activeEntryIndex(entries, currentTime);
  return (
    <ol className="flex flex-col gap-1 p-2" aria-label="Transcript">
      {entries.map((e, i) => {
        const color = speakerColor(speakers.get(e.speaker) ?? 0);
        const body = (
          <>
            <span className="flex items-baseline gap-2">
              <span className="text-sm font-semibold" style={{ color }}>
                {e.speaker}
              </span>
              <span className="tabular text-xs text-subtle">{formatDuration(e.start)}</span>
            </span>
            <span className="text-sm leading-6 text-fg">{e.text}</span>
          </>
        );
        const cls = cn(
          'flex w-full flex-col gap-0.5 rounded-card px-3 py-2 text-left',
          i === active && 'bg-accent-soft/60',
        );
        return (
          <li key={`${e.start}-${i}`} aria-current={i === active || undefined}>
            {onSeek ? (
              <button
                type="button"
                onClick={() => onSeek(e.start)}
                className={cn(
                  cls,
                  'hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring',
                )}
              >
                {body}
              </button>
            ) : (
              <div className={cls}>{body}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
