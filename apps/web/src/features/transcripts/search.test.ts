import { describe, expect, it } from 'vitest';
import { TRANSCRIPTION } from '../../test/transcription';
import { buildBlocks } from './model';
import { blockText, escapeRegExp, findMatches, stepMatch, wordOffsets, wordPieces } from './search';

const blocks = buildBlocks(TRANSCRIPTION.data, TRANSCRIPTION.wordToWordTimestamps);

describe('transcript search', () => {
  it('escapes the term so it is matched literally', () => {
    expect(escapeRegExp('(the)')).toBe('\\(the\\)');
    expect(escapeRegExp('a.b*c?')).toBe('a\\.b\\*c\\?');
    expect(findMatches(blocks, '(the)')).toEqual([{ block: 1, from: 26, to: 31 }]);
    // Unescaped, '.' would match every character.
    expect(findMatches(blocks, '.')).toHaveLength(3);
    expect(findMatches(blocks, 'plan?')).toHaveLength(1);
  });

  it('matches case-insensitively and counts every occurrence', () => {
    expect(findMatches(blocks, 'HELLO').map((m) => m.block)).toEqual([0, 2]);
    expect(findMatches(blocks, 'plan')).toHaveLength(2);
    expect(findMatches(blocks, 'e')).toHaveLength(10);
    expect(findMatches(blocks, 'say hello')).toEqual([{ block: 2, from: 20, to: 29 }]);
    expect(findMatches(blocks, '   ')).toEqual([]);
    expect(findMatches(blocks, 'zebra')).toEqual([]);
  });

  it('wraps next and previous around the ends', () => {
    expect(stepMatch(0, 3, 1)).toBe(1);
    expect(stepMatch(2, 3, 1)).toBe(0);
    expect(stepMatch(0, 3, -1)).toBe(2);
    expect(stepMatch(-1, 3, -1)).toBe(2);
    expect(stepMatch(-1, 3, 1)).toBe(0);
    expect(stepMatch(0, 0, 1)).toBe(-1);
  });

  it('cuts words into marked pieces, telling the current match apart', () => {
    const b = blocks[2]!;
    expect(blockText(b)).toBe('The plan is simple: say hello.');
    expect(wordOffsets(b)).toEqual([0, 4, 9, 12, 20, 24]);
    const matches = [{ from: 25, to: 28, n: 4 }];
    expect(wordPieces('hello.', 24, matches, 4)).toEqual([
      { text: 'h', mark: 'none' },
      { text: 'ell', mark: 'current' },
      { text: 'o.', mark: 'none' },
    ]);
    expect(wordPieces('hello.', 24, matches, 0)[1]?.mark).toBe('match');
    expect(wordPieces('say', 20, matches, 4)).toEqual([{ text: 'say', mark: 'none' }]);
  });
});
