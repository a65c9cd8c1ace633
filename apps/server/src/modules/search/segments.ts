/** A transcript word as the speech step stores it (StoredWord). */
export interface TranscriptWord {
  word: string;
  start: number;
  end: number;
  speaker: string;
}

interface TimedWord {
  word: string;
  start: number;
  end: number;
}

export interface Segment {
  speaker: string;
  startSec: number;
  endSec: number;
  /** The words joined by single spaces. */
  text: string;
  /** When each word of `text` starts (ms), in order. */
  wordStartsMs: number[];
}

/**
 * Where a transcript is cut, so that a search result is a moment rather than a whole turn: a
 * segment ends with the speaker's sentence, at a pause, or after a few seconds when the engine
 * gives no punctuation (pocketsphinx gives none).
 */
export const SEGMENT_RULES = {
  maxSeconds: 8,
  maxWords: 30,
  /** A silence longer than this (s) between two words of one speaker starts a new segment. */
  pauseSeconds: 1.5,
} as const;

const SENTENCE_END = /[.?!…]["'”’)\]]*$/;

/** The transcript's words as segments of one speaker each, in time order. */
export function segmentsOf(words: readonly TranscriptWord[]): Segment[] {
  const out: Segment[] = [];
  let current: { speaker: string; words: TimedWord[] } | null = null;

  const close = () => {
    if (!current || current.words.length === 0) return;
    const first = current.words[0]!;
    const last = current.words[current.words.length - 1]!;
    out.push({
      speaker: current.speaker,
      startSec: first.start,
      endSec: Math.max(last.end, first.start),
      // One space between words: the search maps the n-th word of the text to words[n].
      text: current.words.map((w) => w.word).join(' '),
      wordStartsMs: current.words.map((w) => Math.round(w.start * 1000)),
    });
    current = null;
  };

  // A word holding spaces ("New York" from some engines) counts as its parts, at its time.
  const parts = words.flatMap((w) =>
    w.word
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => ({ ...w, word })),
  );
  for (const w of parts) {
    const word = w.word;
    const prev = current?.words[current.words.length - 1];
    const cut =
      !current ||
      current.speaker !== w.speaker ||
      (prev !== undefined && w.start - prev.end > SEGMENT_RULES.pauseSeconds) ||
      (prev !== undefined && SENTENCE_END.test(prev.word)) ||
      current.words.length >= SEGMENT_RULES.maxWords ||
      w.end - (current.words[0]?.start ?? w.start) > SEGMENT_RULES.maxSeconds;
    if (cut) {
      close();
      current = { speaker: w.speaker, words: [] };
    }
    current!.words.push({ word, start: w.start, end: w.end });
  }
  close();
  return out;
}
