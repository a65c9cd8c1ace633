import type { TranscriptLine } from '../types.js';
import { estimateTokens, renderLine } from './render.js';
import { splitSentences } from './text.js';

/** Tokens of one rendered line plus its newline. */
export function lineTokens(line: TranscriptLine, names?: Record<string, string>): number {
  return estimateTokens(renderLine(line, names)) + 1;
}

/**
 * Splits the transcript into consecutive chunks whose rendered text fits `budgetTokens` each,
 * cutting only between lines (turns). A single line longer than the budget is cut at sentence
 * ends, then between words, with times interpolated along its text.
 */
export function chunkTranscript(
  lines: TranscriptLine[],
  budgetTokens: number,
  names?: Record<string, string>,
): TranscriptLine[][] {
  const chunks: TranscriptLine[][] = [];
  let current: TranscriptLine[] = [];
  let used = 0;
  for (const line of lines) {
    for (const piece of fitLine(line, budgetTokens, names)) {
      const cost = lineTokens(piece, names);
      if (used + cost > budgetTokens && current.length > 0) {
        chunks.push(current);
        current = [];
        used = 0;
      }
      current.push(piece);
      used += cost;
    }
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** The line itself when it fits, else pieces of it that each fit. */
function fitLine(
  line: TranscriptLine,
  budget: number,
  names?: Record<string, string>,
): TranscriptLine[] {
  if (lineTokens(line, names) <= budget) return [line];
  const overhead = lineTokens({ ...line, text: '' }, names);
  if (overhead + 2 > budget) {
    throw new RangeError(`A budget of ${budget} tokens cannot hold even one transcript line.`);
  }
  const room = budget - overhead;
  const units = splitSentences(line.text).flatMap((s) =>
    estimateTokens(s.text) + 1 <= room ? [s] : splitWords(s.text, s.offset, room),
  );
  // Pack consecutive sentences (or word runs) back together up to the budget.
  const pieces: { text: string; from: number; to: number }[] = [];
  for (const u of units) {
    const last = pieces[pieces.length - 1];
    const joined = last ? `${last.text} ${u.text}` : u.text;
    if (last && estimateTokens(joined) + 1 <= room) {
      last.text = joined;
      last.to = u.offset + u.text.length;
    } else {
      pieces.push({ text: u.text, from: u.offset, to: u.offset + u.text.length });
    }
  }
  const length = Math.max(1, line.text.length);
  const span = line.end - line.start;
  return pieces.map((p) => ({
    speaker: line.speaker,
    start: line.start + (span * p.from) / length,
    end: line.start + (span * p.to) / length,
    text: p.text,
  }));
}

/** Word runs of at most `room` tokens (a word longer than that is cut into pieces). */
function splitWords(text: string, base: number, room: number): { text: string; offset: number }[] {
  const out: { text: string; offset: number }[] = [];
  let run = '';
  let runOffset = base;
  for (const m of text.matchAll(/\S+/g)) {
    let word = m[0];
    let offset = base + (m.index ?? 0);
    while (estimateTokens(word) + 1 > room) {
      const cut = Math.max(1, Math.floor((room - 1) * 3.6));
      if (run) out.push({ text: run, offset: runOffset });
      run = '';
      out.push({ text: word.slice(0, cut), offset });
      word = word.slice(cut);
      offset += cut;
    }
    const joined = run ? `${run} ${word}` : word;
    if (run && estimateTokens(joined) + 1 > room) {
      out.push({ text: run, offset: runOffset });
      run = word;
      runOffset = offset;
    } else {
      if (!run) runOffset = offset;
      run = joined;
    }
  }
  if (run) out.push({ text: run, offset: runOffset });
  return out;
}
