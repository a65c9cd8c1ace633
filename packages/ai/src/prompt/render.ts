import type { TranscriptLine } from '../types.js';

/** Seconds as HH:MM:SS, the form prompts cite and `parseCitations` reads back. */
export function formatTimestamp(sec: number): string {
  const total = Math.max(0, Math.floor(sec));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
}

/** The name a line is rendered with: the participant's name when known, else the raw label. */
export function speakerName(label: string, names?: Record<string, string>): string {
  return names?.[label] ?? label;
}

/** One transcript line as "[HH:MM:SS] Speaker: text". */
export function renderLine(line: TranscriptLine, names?: Record<string, string>): string {
  return `[${formatTimestamp(line.start)}] ${speakerName(line.speaker, names)}: ${line.text.trim()}`;
}

/** The transcript as models read it: one "[HH:MM:SS] Speaker: text" line per turn. */
export function renderTranscript(lines: TranscriptLine[], names?: Record<string, string>): string {
  return lines.map((l) => renderLine(l, names)).join('\n');
}

/**
 * A conservative token count without a tokenizer. BPE tokenizers (OpenAI, Anthropic, Gemini)
 * average about 4 characters a token on English prose, but timestamps, digits and speaker
 * labels split into more pieces, so ASCII text is counted at 3.6 characters a token (about 10 %
 * over on prose) and every other character as a whole token (non-Latin scripts and emoji often
 * take one or more tokens each). Overestimating only costs a few extra chunks; underestimating
 * makes a provider refuse the request.
 */
export function estimateTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  for (const ch of text) {
    if (ch.charCodeAt(0) < 128) ascii++;
    else other++;
  }
  return Math.ceil(ascii / 3.6) + other;
}
