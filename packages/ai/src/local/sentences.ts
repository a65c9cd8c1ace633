import { splitSentences } from '../prompt/text.js';
import type { Citation, TranscriptLine } from '../types.js';

/** One sentence of a turn, with times interpolated from its position in the turn's text. */
export interface Sentence {
  text: string;
  speaker: string;
  start: number;
  end: number;
  /** Index of the transcript line it comes from. */
  line: number;
  /** Index among all sentences, in time order. */
  index: number;
}

/** All sentences of a transcript in time order. */
export function sentencesOf(lines: TranscriptLine[]): Sentence[] {
  const out: Sentence[] = [];
  lines.forEach((line, lineIndex) => {
    const length = Math.max(1, line.text.length);
    const span = Math.max(0, line.end - line.start);
    for (const piece of splitSentences(line.text)) {
      const from = piece.offset / length;
      const to = (piece.offset + piece.text.length) / length;
      out.push({
        text: piece.text,
        speaker: line.speaker,
        start: round(line.start + span * from),
        end: round(line.start + span * to),
        line: lineIndex,
        index: out.length,
      });
    }
  });
  return out;
}

export function citeSentence(s: Sentence): Citation {
  return { start: s.start, end: s.end, speaker: s.speaker, quote: s.text };
}

export function citeLine(line: TranscriptLine): Citation {
  return { start: line.start, end: line.end, speaker: line.speaker, quote: line.text.trim() };
}

function round(sec: number): number {
  return Math.round(sec * 1000) / 1000;
}
