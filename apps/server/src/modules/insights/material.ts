import type { ConversationSignals, TranscriptLine } from '@parley/ai';
import { formatHms, type InsightCitation } from '@parley/contracts';
import { dialogueBlocks, type TranscriptData } from '../transcripts/view.js';
import { analyticsOf } from '../transcripts/view.js';

/** What a prompt is run on: transcript turns with times, and measured signals when known. */
export interface PromptMaterial {
  lines: TranscriptLine[];
  signals?: ConversationSignals;
  /** Seconds; citations outside the recording are dropped. Null for pasted text. */
  durationSec: number | null;
}

/** The stored transcript as turns (raw speaker labels) plus its measured signals. */
export function materialFromTranscript(data: TranscriptData): PromptMaterial {
  const lines = dialogueBlocks(data.words, {}).map((b) => ({
    speaker: b.speaker,
    start: b.startTime,
    end: b.endTime,
    text: b.text,
  }));
  const a = analyticsOf(data);
  const talkTimeSec: Record<string, number> = {};
  for (const t of data.turns)
    talkTimeSec[t.speaker] = (talkTimeSec[t.speaker] ?? 0) + t.end - t.start;
  const fillerWords: Record<string, number> = {};
  for (const f of a.fillerWords) fillerWords[f.speaker] = (fillerWords[f.speaker] ?? 0) + 1;
  const questionsAsked: Record<string, number> = {};
  for (const q of a.questions ?? [])
    questionsAsked[q.speaker] = (questionsAsked[q.speaker] ?? 0) + 1;
  const sentimentSum: Record<string, { sum: number; n: number }> = {};
  for (const t of a.sentiment.turns) {
    const s = (sentimentSum[t.speaker] ??= { sum: 0, n: 0 });
    s.sum += t.compound;
    s.n += 1;
  }
  return {
    lines,
    durationSec: data.audioLengthSec,
    signals: {
      durationSec: data.audioLengthSec,
      talkTimeSec,
      wordsPerMinute: a.wordsPerMinute,
      fillerWords,
      questionsAsked,
      sentiment: Object.fromEntries(
        Object.entries(sentimentSum).map(([k, v]) => [k, v.n > 0 ? v.sum / v.n : 0]),
      ),
      interactivity: a.interactivity.switchesPerMinute,
      engagement: a.engagement.score,
    },
  };
}

const STAMP = /\[?\b(?:(\d{1,2}):)?(\d{1,2}):(\d{2})\b\]?/g;
const LINE_HEAD = /^\s*\[?(?:(\d{1,2}):)?(\d{1,2}):(\d{2})\]?\s*/;

const secondsOf = (h: string | undefined, m: string, s: string) =>
  Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s);

/**
 * Pasted text (the AI kit's `transcription`): "[HH:MM:SS] Speaker: words" lines keep their
 * times; lines without one follow the previous line, so citations still point somewhere.
 */
export function materialFromText(text: string): PromptMaterial {
  const lines: TranscriptLine[] = [];
  let clock = 0;
  for (const raw of text.split(/\r?\n/)) {
    if (!raw.trim()) continue;
    const head = LINE_HEAD.exec(raw);
    let rest = raw;
    if (head) {
      clock = secondsOf(head[1], head[2] ?? '0', head[3] ?? '0');
      rest = raw.slice(head[0].length);
    }
    const m = /^([^:]{1,40}):\s+(.*)$/.exec(rest.trim());
    const line = {
      speaker: m?.[1]?.trim() ?? 'speaker_00',
      start: clock,
      end: clock + 1,
      text: (m?.[2] ?? rest).trim(),
    };
    const prev = lines[lines.length - 1];
    if (prev && prev.end > line.start) prev.end = Math.max(prev.start, line.start);
    lines.push(line);
    clock += 1;
  }
  return { lines, durationSec: null };
}

/** The transcript as the prompt shows it: one "[HH:MM:SS] speaker: text" line per turn. */
export function renderLines(lines: readonly TranscriptLine[]): string {
  return lines.map((l) => `[${formatHms(l.start)}] ${l.speaker}: ${l.text.trim()}`).join('\n');
}

/** The turn that holds second `t` (or the last that started before it). */
function lineAt(lines: readonly TranscriptLine[], t: number): TranscriptLine | null {
  let found: TranscriptLine | null = null;
  for (const l of lines) {
    if (l.start <= t + 0.5) found = l;
    else break;
  }
  return found;
}

export function citationOfLine(line: TranscriptLine): InsightCitation {
  return {
    start: line.start,
    end: Math.max(line.end, line.start),
    speaker: line.speaker,
    quote: line.text.length > 200 ? `${line.text.slice(0, 197)}...` : line.text,
  };
}

/**
 * The [HH:MM:SS] times a statement cites, as the transcript turns they point into, and the
 * statement with the times taken out (the page shows times as links, not as text).
 */
export function citedMoments(
  statement: string,
  material: PromptMaterial,
): { text: string; citations: InsightCitation[] } {
  const citations: InsightCitation[] = [];
  for (const m of statement.matchAll(STAMP)) {
    const t = secondsOf(m[1], m[2] ?? '0', m[3] ?? '0');
    const line = lineAt(material.lines, t);
    if (line && !citations.some((c) => c.start === line.start))
      citations.push(citationOfLine(line));
  }
  const text = statement
    .replace(STAMP, '')
    .replace(/\(\s*(?:at\s*)?\)|\[\s*\]/g, '')
    .replace(/\s+([.,;:])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return { text, citations };
}

/** Citations that lie inside the recording (a model may invent a time past its end). */
export function insideRecording(
  citations: readonly InsightCitation[],
  durationSec: number | null,
): InsightCitation[] {
  return citations.filter(
    (c) =>
      Number.isFinite(c.start) &&
      c.start >= 0 &&
      (durationSec === null || c.start <= durationSec + 0.5),
  );
}
