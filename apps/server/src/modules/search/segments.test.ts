import { describe, expect, it } from 'vitest';
import { readMarks } from './moments.js';
import { MARK_END as E, MARK_START as S } from './repo.js';
import { SEGMENT_RULES, segmentsOf, type TranscriptWord } from './segments.js';

const said = (speaker: string, from: number, text: string, gap = 0.1): TranscriptWord[] => {
  let t = from;
  return text.split(' ').map((word) => {
    const w = { word, start: t, end: t + 0.3, speaker };
    t += 0.3 + gap;
    return w;
  });
};

describe('segmentsOf', () => {
  it('cuts at sentence ends, speaker changes and pauses, keeping word times', () => {
    const words = [
      ...said('speaker_00', 0, 'Hello there. How are you?'),
      ...said('speaker_01', 2.5, 'Fine thanks'),
      ...said('speaker_01', 6, 'after a pause'),
    ];
    const segments = segmentsOf(words);
    expect(segments.map((s) => [s.speaker, s.text])).toEqual([
      ['speaker_00', 'Hello there.'],
      ['speaker_00', 'How are you?'],
      ['speaker_01', 'Fine thanks'],
      ['speaker_01', 'after a pause'],
    ]);
    expect(segments[1]).toMatchObject({ startSec: 0.8, wordStartsMs: [800, 1200, 1600] });
    expect(segments[3]?.endSec).toBeCloseTo(6.3 + 0.8, 5);
  });

  it('keeps an unpunctuated monologue to a few seconds a segment', () => {
    const words = said('speaker_00', 0, Array.from({ length: 100 }, (_, i) => `w${i}`).join(' '));
    const segments = segmentsOf(words);
    expect(segments.length).toBeGreaterThan(4);
    for (const s of segments) {
      expect(s.endSec - s.startSec).toBeLessThanOrEqual(SEGMENT_RULES.maxSeconds + 0.5);
      expect(s.text.split(' ')).toHaveLength(s.wordStartsMs.length);
    }
  });

  it('splits a word holding spaces and drops empty ones', () => {
    const segments = segmentsOf([
      { word: ' New York ', start: 1, end: 2, speaker: 'speaker_00' },
      { word: '  ', start: 2, end: 2.1, speaker: 'speaker_00' },
      { word: 'today', start: 2.1, end: 2.5, speaker: 'speaker_00' },
    ]);
    expect(segments).toEqual([
      {
        speaker: 'speaker_00',
        startSec: 1,
        endSec: 2.5,
        text: 'New York today',
        wordStartsMs: [1000, 1000, 2100],
      },
    ]);
  });
});

describe('readMarks', () => {
  it('gives the matched ranges of the plain text and the first matched word', () => {
    const marked = `we hired a ${S}Hiring${E} manager, (${S}hiring${E}) again`;
    const { ranges, firstWord } = readMarks(marked);
    const plain = 'we hired a Hiring manager, (hiring) again';
    expect(ranges.map(([a, b]) => plain.slice(a, b))).toEqual(['Hiring', 'hiring']);
    expect(firstWord).toBe(3);
    expect(readMarks(`(${S}x${E}) y`).firstWord).toBe(0);
    expect(readMarks('no match').firstWord).toBe(0);
  });
});
