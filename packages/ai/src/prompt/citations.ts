import type { Citation, TranscriptLine } from '../types.js';
import { terms, words } from './text.js';

const MARKER =
  /\[((?:\d{1,2}:)?\d{1,2}:\d{2}(?:\s*(?:[-–,;]|and|to)\s*(?:\d{1,2}:)?\d{1,2}:\d{2})*)\]/g;
const TIME = /(?:(\d{1,2}):)?(\d{1,2}):(\d{2})/g;

/** Seconds of "HH:MM:SS" or "MM:SS". */
export function parseTimestamp(h: string | undefined, m: string, s: string): number {
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s);
}

/**
 * Citations from the [HH:MM:SS] and [MM:SS] markers of a model's answer (also ranges and lists
 * inside one bracket), each snapped to the transcript line spoken at that second. When several
 * lines start in the same second, the one sharing most words with the answer's sentence around
 * the marker wins. Times outside the recording (invented by the model) are dropped.
 */
export function parseCitations(text: string, transcript: TranscriptLine[]): Citation[] {
  if (transcript.length === 0) return [];
  const out: Citation[] = [];
  const seen = new Set<TranscriptLine>();
  for (const marker of text.matchAll(MARKER)) {
    const context = sentenceAround(text, marker.index ?? 0);
    for (const t of (marker[1] ?? '').matchAll(TIME)) {
      const line = snap(parseTimestamp(t[1], t[2] ?? '0', t[3] ?? '0'), transcript, context);
      if (!line || seen.has(line)) continue;
      seen.add(line);
      out.push({
        start: line.start,
        end: line.end,
        speaker: line.speaker,
        quote: line.text.trim(),
      });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

function snap(sec: number, lines: TranscriptLine[], context: string): TranscriptLine | undefined {
  const last = lines.reduce((m, l) => Math.max(m, l.end), 0);
  if (sec > last + 1) return undefined;
  // Markers are rendered from floored start times, so a line at 14.4 s is cited as 00:00:14.
  const sameSecond = lines.filter((l) => Math.floor(l.start) === sec);
  if (sameSecond.length > 0) return bestByWords(sameSecond, context);
  const spoken = lines.filter((l) => l.start <= sec && sec <= l.end);
  if (spoken.length > 0) return bestByWords(spoken, context);
  return [...lines].sort((a, b) => Math.abs(a.start - sec) - Math.abs(b.start - sec))[0];
}

function bestByWords(candidates: TranscriptLine[], context: string): TranscriptLine | undefined {
  // Content words decide; shared common words ("know", "there") break ties.
  const wantedTerms = new Set(terms(context));
  const wantedWords = new Set(words(context));
  const overlap = (l: TranscriptLine) =>
    10 * terms(l.text).filter((t) => wantedTerms.has(t)).length +
    words(l.text).filter((w) => wantedWords.has(w)).length;
  return [...candidates].sort((a, b) => overlap(b) - overlap(a))[0];
}

function sentenceAround(text: string, at: number): string {
  const before = text.lastIndexOf('\n', at);
  const after = text.indexOf('\n', at);
  return text.slice(before + 1, after === -1 ? undefined : after);
}
