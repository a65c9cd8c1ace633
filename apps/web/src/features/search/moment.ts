import type { TranscriptMoment } from '@parley/contracts';

/** Where a moment opens: its meeting's page at the matched word's second. */
export function momentPath(m: Pick<TranscriptMoment, 'meetingId' | 'isInterview' | 'start'>) {
  const at = Math.max(0, Math.floor(m.start));
  return `${m.isInterview ? '/interviews' : '/library'}/${m.meetingId}?t=${at}`;
}

/** The text cut into plain and matched pieces, from the server's [from, to) ranges. */
export function highlightPieces(
  text: string,
  matches: readonly (readonly [number, number])[],
): { text: string; match: boolean }[] {
  const out: { text: string; match: boolean }[] = [];
  let at = 0;
  for (const [from, to] of [...matches].sort((a, b) => a[0] - b[0])) {
    if (from < at || to <= from || to > text.length) continue;
    if (from > at) out.push({ text: text.slice(at, from), match: false });
    out.push({ text: text.slice(from, to), match: true });
    at = to;
  }
  if (at < text.length) out.push({ text: text.slice(at), match: false });
  return out;
}
