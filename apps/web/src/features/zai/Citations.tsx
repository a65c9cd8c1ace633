import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PlayCircle } from 'lucide-react';
import type { ZaiCitation } from '@parley/contracts';
import { formatDuration } from '../../lib/format';

/** The meeting page at the cited moment (the meeting page reads ?t= in seconds). */
export function citationHref(c: Pick<ZaiCitation, 'meetingId' | 'start'>): string {
  return `/library/${encodeURIComponent(c.meetingId)}?t=${Math.floor(c.start)}`;
}

/** Chips under an answer: 'Meeting name · 00:01:23', each opening the meeting at that moment. */
export function Citations({ citations }: { citations: ZaiCitation[] }) {
  if (citations.length === 0) return null;
  return (
    <ul aria-label="Sources" className="flex flex-wrap gap-2">
      {citations.map((c) => (
        <li key={`${c.meetingId}-${c.start}`}>
          <Link
            to={citationHref(c)}
            title={c.quote ? `${c.speaker ? `${c.speaker}: ` : ''}“${c.quote}”` : undefined}
            className="inline-flex max-w-[18rem] items-center gap-1.5 rounded-control border border-border bg-surface-2 px-2 py-1 text-xs text-fg tabular-nums transition-colors hover:border-accent hover:bg-accent-soft hover:text-accent-soft-fg focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/25"
          >
            <PlayCircle className="size-3.5 shrink-0 text-accent-text" aria-hidden />
            <span className="truncate">{c.meetingName}</span>
            <span aria-hidden className="text-subtle">
              ·
            </span>
            <span className="shrink-0">{formatDuration(c.start)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

const MARKER = /\[(\d{1,2}):(\d{2}):(\d{2})\]/g;

/**
 * The answer's text with its [HH:MM:SS] markers as links to the cited moment, once the final
 * event has said which meeting each one is from; markers without a citation stay plain text.
 */
export function AnswerText({ text, citations }: { text: string; citations: ZaiCitation[] }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(MARKER)) {
    const at = m.index;
    const seconds = Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
    const cited = citations.find((c) => Math.floor(c.start) === seconds);
    if (!cited) continue;
    parts.push(text.slice(last, at));
    parts.push(
      <Link
        key={at}
        to={citationHref(cited)}
        className="font-medium text-accent-text tabular-nums underline-offset-2 hover:underline"
        aria-label={`${cited.meetingName} at ${m[0].slice(1, -1)}`}
      >
        {m[0]}
      </Link>,
    );
    last = at + m[0].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
