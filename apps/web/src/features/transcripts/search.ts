import type { TranscriptBlock } from './model';

/** Escapes the characters that mean something in a regular expression. */
export function escapeRegExp(term: string): string {
  return term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text of a block as drawn: its words joined by single spaces. */
export function blockText(block: TranscriptBlock): string {
  return block.words.map((w) => w.word).join(' ');
}

/** Where each word starts in blockText. */
export function wordOffsets(block: TranscriptBlock): number[] {
  const out: number[] = [];
  let at = 0;
  for (const w of block.words) {
    out.push(at);
    at += w.word.length + 1;
  }
  return out;
}

/** One occurrence of the search term: characters [from, to) of a block's text. */
export interface SearchMatch {
  block: number;
  from: number;
  to: number;
}

/**
 * Every occurrence of `term` (escaped, case-insensitive; spec 2 §2), in reading order. Blank
 * terms match nothing.
 */
export function findMatches(blocks: readonly TranscriptBlock[], term: string): SearchMatch[] {
  const needle = term.trim();
  if (!needle) return [];
  const re = new RegExp(escapeRegExp(needle), 'gi');
  const out: SearchMatch[] = [];
  blocks.forEach((b, block) => {
    const text = blockText(b);
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      out.push({ block, from: m.index, to: m.index + m[0].length });
    }
  });
  return out;
}

/** The next (+1) or previous (−1) match, wrapping around at either end; -1 when none. */
export function stepMatch(current: number, total: number, direction: 1 | -1): number {
  if (total <= 0) return -1;
  if (current < 0) return direction === 1 ? 0 : total - 1;
  return (((current + direction) % total) + total) % total;
}

/** A piece of a word: marked when it falls in a match (current: the one the counter shows). */
export interface WordPiece {
  text: string;
  mark: 'none' | 'match' | 'current';
}

/**
 * Cuts a word into pieces by the matches of its block. `matches` are the block's matches with
 * their global numbers, so the current one can be told apart.
 */
export function wordPieces(
  word: string,
  offset: number,
  matches: readonly { from: number; to: number; n: number }[],
  current: number,
): WordPiece[] {
  const end = offset + word.length;
  const pieces: WordPiece[] = [];
  let at = offset;
  for (const m of matches) {
    if (m.to <= at || m.from >= end) continue;
    const from = Math.max(m.from, at);
    const to = Math.min(m.to, end);
    if (from > at) pieces.push({ text: word.slice(at - offset, from - offset), mark: 'none' });
    pieces.push({
      text: word.slice(from - offset, to - offset),
      mark: m.n === current ? 'current' : 'match',
    });
    at = to;
  }
  if (at < end) pieces.push({ text: word.slice(at - offset), mark: 'none' });
  return pieces;
}
