import { formatHms, type Highlight } from '@parley/contracts';
import type { Segment } from '../../ui/player/player';

/** Highlights as seek-bar segments, coloured by their index in the list (spec 2 §2). */
export function highlightSegments(list: readonly Highlight[]): Segment[] {
  return list.map((h, i) => ({
    start: h.startTime,
    end: h.endTime,
    color: i,
    label: `${h.title} (${formatHms(h.startTime)} – ${formatHms(h.endTime)})`,
  }));
}

/** A title to start from: the selection's first words, cut at a word, at most `max` characters. */
export function suggestedTitle(text: string, max = 60): string {
  const firstLine = text.split('\n')[0] ?? '';
  const words = firstLine.replace(/^[^:]*:\s*/, '').trim();
  if (words.length <= max) return words;
  const cut = words.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
