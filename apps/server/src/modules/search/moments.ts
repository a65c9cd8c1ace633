import { speakerDisplayName, type TranscriptMoment } from '@parley/contracts';
import { MARK_END, MARK_START, type SegmentHit } from './repo.js';

/**
 * Reads ts_headline's marked text back: the character ranges of the matches in the plain text,
 * and the index of the first matching word (the n-th whitespace-separated token is wordStartsMs[n],
 * since a segment's text is its words joined by single spaces).
 */
export function readMarks(marked: string): { ranges: [number, number][]; firstWord: number } {
  const ranges: [number, number][] = [];
  let plain = 0;
  let open = -1;
  let firstWord = -1;
  let word = 0;
  let prevSpace = true;
  for (const ch of marked) {
    if (ch === MARK_START) {
      open = plain;
      if (firstWord < 0) firstWord = prevSpace ? word : word - 1;
      continue;
    }
    if (ch === MARK_END) {
      if (open >= 0) ranges.push([open, plain]);
      open = -1;
      continue;
    }
    const space = /\s/.test(ch);
    if (!space && prevSpace) word += 1;
    prevSpace = space;
    plain += ch.length;
  }
  return { ranges, firstWord: Math.max(firstWord, 0) };
}

/** A matching segment as the search answers it: the moment starts at the matched word. */
export function momentOf(hit: SegmentHit): TranscriptMoment {
  const { ranges, firstWord } = readMarks(hit.marked);
  const wordStartMs = hit.wordStartsMs[firstWord];
  return {
    meetingId: hit.meetingId,
    meetingName: hit.meetingName,
    speaker: speakerDisplayName(hit.speaker, hit.names),
    start: wordStartMs === undefined ? hit.startSec : wordStartMs / 1000,
    end: hit.endSec,
    text: hit.text,
    matches: ranges,
    segmentStart: hit.startSec,
    meetingDate: hit.meetingDate.toISOString(),
    isInterview: hit.isInterview,
  };
}
