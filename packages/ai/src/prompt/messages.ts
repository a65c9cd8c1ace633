import type { ChatMessage, TranscriptLine } from '../types.js';
import { estimateTokens, formatTimestamp, renderTranscript } from './render.js';

const GUIDE =
  "You are Zai, Parley's meeting assistant. Work only from the meeting transcript you are given. " +
  'Each transcript line starts with its time as [HH:MM:SS]; cite the moments your answer rests on ' +
  'with those markers. If the transcript does not contain what is asked, say so plainly.';

const PART_NOTE =
  'You see one part of a longer meeting. Answer for this part only; a later step combines the parts.';

const COMBINE_NOTE =
  'You are given answers to these instructions for consecutive parts of one meeting. Combine them ' +
  'into one answer for the whole meeting: keep the [HH:MM:SS] citations, merge repeats, and do not ' +
  'add anything the parts do not say.';

export type Phase = 'whole' | 'part' | 'combine';

export function systemMessage(instructions: string, phase: Phase): ChatMessage {
  const note =
    phase === 'part' ? `\n\n${PART_NOTE}` : phase === 'combine' ? `\n\n${COMBINE_NOTE}` : '';
  return { role: 'system', content: `${GUIDE}${note}\n\nInstructions:\n${instructions.trim()}` };
}

export function questionSuffix(question?: string): string {
  return question ? `\n\nQuestion: ${question.trim()}` : '';
}

export function transcriptMessage(
  lines: TranscriptLine[],
  part: { index: number; count: number } | null,
  names?: Record<string, string>,
  question?: string,
): ChatMessage {
  const from = lines[0]?.start ?? 0;
  const to = lines[lines.length - 1]?.end ?? from;
  const heading = part
    ? `Transcript, part ${part.index + 1} of ${part.count} (${formatTimestamp(from)}-${formatTimestamp(to)}):`
    : 'Transcript:';
  return {
    role: 'user',
    content: `${heading}\n${renderTranscript(lines, names)}${questionSuffix(question)}`,
  };
}

export interface PartialAnswer {
  from: number;
  to: number;
  text: string;
}

export function partialsMessage(partials: PartialAnswer[], question?: string): ChatMessage {
  const body = partials
    .map(
      (p, i) =>
        `### Part ${i + 1} (${formatTimestamp(p.from)}-${formatTimestamp(p.to)})\n${p.text.trim()}`,
    )
    .join('\n\n');
  return {
    role: 'user',
    content: `Answers for the parts of the meeting:\n\n${body}${questionSuffix(question)}`,
  };
}

/** Largest heading the part message adds around the rendered lines (with the question). */
export function transcriptOverhead(question?: string): number {
  return estimateTokens(
    `Transcript, part 999 of 999 (00:00:00-00:00:00):\n${questionSuffix(question)}`,
  );
}

export function messageTokens(messages: ChatMessage[]): number {
  // About 4 tokens of framing per message in the chat formats.
  return messages.reduce((n, m) => n + estimateTokens(m.content) + 4, 0);
}
