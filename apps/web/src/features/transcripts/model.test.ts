import { describe, expect, it } from 'vitest';
import { SPEAKER_COLORS, speakerColor, speakerColorIndex } from '../../ui/player/player';
import { TRANSCRIPTION } from '../../test/transcription';
import {
  blocksFromUnknown,
  buildBlocks,
  findCurrentBlock,
  findCurrentWord,
  markedWords,
  speakerInitials,
} from './model';

const blocks = () =>
  buildBlocks(TRANSCRIPTION.data, TRANSCRIPTION.wordToWordTimestamps, {
    speaker_01: 'Grace Hopper',
  });

describe('dialogue blocks', () => {
  it('slices each block’s words by its word range, with HH:MM:SS and names', () => {
    const b = blocks();
    expect(b.map((x) => x.words.length)).toEqual([5, 8, 6]);
    expect(b[0]?.words[0]).toEqual({ word: 'Hello', start: 0.4, end: 0.8 });
    expect(b.map((x) => x.time)).toEqual(['00:00:00', '00:00:03', '01:02:05']);
    // A name on the meeting wins over the server's copy.
    expect(b.map((x) => x.name)).toEqual(['Speaker 1', 'Grace Hopper', 'Speaker 1']);
  });

  it('takes initials from the first letters of the name', () => {
    expect(speakerInitials('Grace Hopper')).toBe('GH');
    expect(speakerInitials('ada')).toBe('A');
    expect(speakerInitials('Speaker 2')).toBe('S2');
    expect(speakerInitials('  Jean Luc Picard ')).toBe('JL');
    expect(speakerInitials('')).toBe('?');
    expect(blocks().map((x) => x.initials)).toEqual(['S1', 'GH', 'S1']);
  });

  it('colours speakers with the five-colour cycle by their label', () => {
    expect(SPEAKER_COLORS).toHaveLength(5);
    expect(
      ['speaker_00', 'speaker_01', 'speaker_04', 'speaker_05', 'speaker_07'].map(speakerColorIndex),
    ).toEqual([0, 1, 4, 5, 7]);
    expect(speakerColor(5)).toBe(speakerColor(0));
    expect(speakerColor(7)).toBe('var(--speaker-3)');
    // Any other label lands on a stable slot of the cycle.
    expect(speakerColorIndex('Ada')).toBe(speakerColorIndex('Ada'));
    expect(speakerColorIndex('Ada')).toBeLessThan(5);
    expect(blocks().map((x) => x.color)).toEqual([0, 1, 0]);
  });

  it('spreads the text over the block when word timings are missing', () => {
    const [only] = buildBlocks([{ ...TRANSCRIPTION.data[0]!, wordRange: [90, 99] }], []);
    expect(only?.words.map((w) => w.word)).toEqual([
      'Hello',
      'there,',
      'thanks',
      'for',
      'joining.',
    ]);
    expect(only?.words[0]?.start).toBeCloseTo(0.4);
    expect(only?.words[4]?.end).toBeCloseTo(2.6);
  });

  it('reads the public view’s untyped transcript, typed or loose', () => {
    const typed = blocksFromUnknown(TRANSCRIPTION.data, TRANSCRIPTION.wordToWordTimestamps);
    expect(typed).toHaveLength(3);
    expect(typed[1]?.words).toHaveLength(8);
    const loose = blocksFromUnknown([{ value: 'Ada: Hi all', startTime: 2, endTime: 4 }], null);
    expect(loose[0]).toMatchObject({ name: 'Ada', initials: 'A', time: '00:00:02' });
    expect(loose[0]?.words.map((w) => w.word)).toEqual(['Hi', 'all']);
    expect(blocksFromUnknown(undefined, undefined)).toEqual([]);
  });
});

describe('findCurrentWord', () => {
  it('finds the word whose span holds the time', () => {
    const b = blocks();
    expect(findCurrentWord(b, 0.4)).toEqual({ block: 0, word: 0 });
    expect(findCurrentWord(b, 1.3)).toEqual({ block: 0, word: 2 });
    expect(findCurrentWord(b, 3.5)).toEqual({ block: 1, word: 1 });
    expect(findCurrentWord(b, 3726.1)).toEqual({ block: 2, word: 2 });
  });

  it('finds nothing before, between and after words', () => {
    const b = blocks();
    expect(findCurrentWord(b, 0.1)).toBeNull();
    expect(findCurrentWord(b, 2.9)).toBeNull();
    expect(findCurrentWord(b, 5000)).toBeNull();
    expect(findCurrentWord(b, -1)).toBeNull();
    expect(findCurrentWord(b, Number.NaN)).toBeNull();
    expect(findCurrentWord([], 1)).toBeNull();
  });

  it('finds the block being spoken', () => {
    const b = blocks();
    expect(findCurrentBlock(b, 2.9)).toBe(-1);
    expect(findCurrentBlock(b, 4)).toBe(1);
  });
});

describe('marked words', () => {
  it('marks the words within each span, by block and word, joining overlapping labels', () => {
    const marks = markedWords(blocks(), [
      // "plan?" at the end of the second block (5.76–6.06 s).
      { start: 5.76, end: 6.06, label: 'Planning' },
      // "plan" in the third block, and a longer mention over the rest of it.
      { start: 3725.5, end: 3725.9, label: 'Planning' },
      { start: 3725.5, end: 3727.9, label: 'Roadmap' },
    ]);
    expect([...marks.keys()]).toEqual([1, 2]);
    expect(Object.fromEntries(marks.get(1) ?? [])).toEqual({ 7: 'Planning' });
    expect(Object.fromEntries(marks.get(2) ?? [])).toEqual({
      1: 'Planning, Roadmap',
      2: 'Roadmap',
      3: 'Roadmap',
      4: 'Roadmap',
      5: 'Roadmap',
    });
  });

  it('marks nothing without marks, or for a span between words', () => {
    expect(markedWords(blocks(), []).size).toBe(0);
    expect(markedWords(blocks(), [{ start: 100, end: 200, label: 'X' }]).size).toBe(0);
  });
});
