import { Link } from 'react-router';
import type { TranscriptMoment } from '@parley/contracts';
import { formatDuration } from '../../lib/format';
import { formatDate } from '../../lib/datetime';
import { Skeleton } from '../../ui';
import { highlightPieces, momentPath } from './moment';

/** The matching moments: meeting, speaker, time and the text with the match marked. */
export function MomentList({ moments, dimmed }: { moments: TranscriptMoment[]; dimmed: boolean }) {
  return (
    <ol
      aria-label="Matching moments"
      aria-busy={dimmed || undefined}
      className={dimmed ? 'flex flex-col gap-2 opacity-60' : 'flex flex-col gap-2'}
    >
      {moments.map((m) => (
        <li key={`${m.meetingId}:${m.segmentStart}`}>
          <Link
            to={momentPath(m)}
            className="flex flex-col gap-1.5 rounded-card border border-border bg-surface px-4 py-3 transition-colors hover:border-border-strong hover:bg-surface-2 focus-visible:ring-[3px] focus-visible:ring-ring/25 focus-visible:outline-none"
          >
            <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
              <span className="min-w-0 truncate font-medium text-fg">{m.meetingName}</span>
              <span className="text-xs text-subtle">{formatDate(m.meetingDate)}</span>
            </span>
            <span className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
              <span className="tabular rounded-control bg-accent-soft px-1.5 py-0.5 text-xs font-medium text-accent-soft-fg">
                {formatDuration(m.start)}
              </span>
              <span>{m.speaker}</span>
            </span>
            <span className="text-sm text-fg">
              {highlightPieces(m.text, m.matches).map((p, i) =>
                p.match ? (
                  <mark key={i} className="rounded-sm bg-warning/25 px-0.5 font-medium text-fg">
                    {p.text}
                  </mark>
                ) : (
                  <span key={i}>{p.text}</span>
                ),
              )}
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}

/** Placeholder rows while the first page loads. */
export function MomentSkeletons() {
  return (
    <div aria-label="Loading moments" role="status" className="flex flex-col gap-2">
      {[0, 1, 2, 3].map((i) => (
        <div
          key={i}
          className="flex flex-col gap-2 rounded-card border border-border bg-surface px-4 py-3"
        >
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-3 w-24" />
          <Skeleton className="h-4 w-full" />
        </div>
      ))}
    </div>
  );
}
