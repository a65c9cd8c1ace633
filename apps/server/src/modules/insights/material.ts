import { parseCitations, type ConversationSignals, type TranscriptLine } from '@parley/ai';
import type { InsightCitation } from '@parley/contracts';
import { analyticsOf, dialogueBlocks, type TranscriptData } from '../transcripts/index.js';

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

/**
 * The [HH:MM:SS] times a statement cites, as the transcript turns they point into, and the
 * statement with the times taken out (the page shows times as links, not as text).
 */
export function citedMoments(
  statement: string,
  material: PromptMaterial,
): { text: string; citations: InsightCitation[] } {
  // Markers snap to the line spoken at that second; a time past the recording is dropped.
  const citations = parseCitations(statement, material.lines).map((c) => ({
    ...c,
    ...(c.quote && c.quote.length > 200 ? { quote: `${c.quote.slice(0, 197)}...` } : {}),
  }));
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
