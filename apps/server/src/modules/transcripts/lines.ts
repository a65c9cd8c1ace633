import { speakerDisplayName } from '@parley/contracts';
import type { StoredWord } from '../../platform/db/schema.js';
import { BLOCK_PAUSE_SEC, type SpeakerNames } from './view.js';

/** One passage of a transcript as language models and retrieval read it. */
export interface PassageLine {
  speaker: string;
  start: number;
  end: number;
  text: string;
}

/**
 * Passages short enough to cite precisely: a speaker's words, cut where the speaker changes,
 * after a pause, at a sentence end once the passage has `softWords`, and always at `maxWords`.
 * A whole dialogue block can run for minutes; a citation to its first second would send the
 * player far from the words that answer the question.
 */
export function passageLines(
  words: readonly StoredWord[],
  names: SpeakerNames,
  softWords = 18,
  maxWords = 40,
): PassageLine[] {
  const out: PassageLine[] = [];
  let current: StoredWord[] = [];
  const close = () => {
    const head = current[0];
    const tail = current[current.length - 1];
    if (head && tail) {
      out.push({
        speaker: speakerDisplayName(head.speaker, names),
        start: head.start,
        end: tail.end,
        text: current.map((w) => w.word).join(' '),
      });
    }
    current = [];
  };
  for (const w of words) {
    const prev = current[current.length - 1];
    if (prev && (prev.speaker !== w.speaker || w.start - prev.end >= BLOCK_PAUSE_SEC)) close();
    current.push(w);
    const sentenceEnd = /[.!?]$/.test(w.word);
    if (current.length >= maxWords || (sentenceEnd && current.length >= softWords)) close();
  }
  close();
  return out;
}
