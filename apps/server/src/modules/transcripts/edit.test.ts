import { describe, expect, it } from 'vitest';
import type { StoredTurn, StoredWord } from '../../platform/db/schema.js';
import { applyCorrections, outOfRange } from './edit.js';

const w = (word: string, start: number, speaker = 'speaker_00'): StoredWord => ({
  word,
  start,
  end: start + 0.4,
  speaker,
  confidence: null,
});
// One speaker talks 0–10 s, a word every second.
const words = Array.from({ length: 10 }, (_, i) => w(`w${i}`, i + 0.1));
const turns: StoredTurn[] = [{ speaker: 'speaker_00', start: 0, end: 10 }];

describe('applyCorrections', () => {
  it('changes text without touching the turns', () => {
    const out = applyCorrections(words, turns, [{ index: 2, word: 'hello' }]);
    expect(out.words[2]?.word).toBe('hello');
    expect(out.turns).toEqual(turns);
    expect(words[2]?.word).toBe('w2'); // the input is not mutated
  });

  it('cuts a reassigned run out of the old speaker’s turn', () => {
    const edits = [4, 5, 6].map((index) => ({ index, speaker: 'speaker_01' }));
    const out = applyCorrections(words, turns, edits);
    expect(out.turns).toEqual([
      { speaker: 'speaker_00', start: 0, end: 4.1, overlap: false },
      { speaker: 'speaker_01', start: 4.1, end: 6.5, overlap: false },
      { speaker: 'speaker_00', start: 6.5, end: 10, overlap: false },
    ]);
    const total = out.turns.reduce((a, t) => a + t.end - t.start, 0);
    expect(total).toBeCloseTo(10, 6); // talk time moves, it is not made up
  });

  it('joins a run to the new speaker’s neighbouring turn, leaving no sliver behind', () => {
    const two = [
      ...words.slice(0, 5),
      ...words.slice(5).map((x) => ({ ...x, speaker: 'speaker_01' })),
    ];
    const split: StoredTurn[] = [
      { speaker: 'speaker_00', start: 0, end: 5 },
      { speaker: 'speaker_01', start: 5, end: 10 },
    ];
    const out = applyCorrections(two, split, [{ index: 4, speaker: 'speaker_01' }]);
    // Word 4 (4.1–4.5) and the gap up to word 5 go to speaker_01; 4.0–4.1 was a wordless sliver.
    expect(out.turns).toEqual([
      { speaker: 'speaker_00', start: 0, end: 4.1, overlap: false },
      { speaker: 'speaker_01', start: 4.1, end: 10, overlap: false },
    ]);
  });

  it('keeps turns elsewhere as they were, pauses included', () => {
    const apart: StoredTurn[] = [
      { speaker: 'speaker_00', start: 0, end: 3 },
      { speaker: 'speaker_00', start: 3.5, end: 10 },
    ];
    const out = applyCorrections(words, apart, [{ index: 8, speaker: 'speaker_01' }]);
    expect(out.turns.slice(0, 2)).toEqual([
      { speaker: 'speaker_00', start: 0, end: 3, overlap: false },
      { speaker: 'speaker_00', start: 3.5, end: 8.1, overlap: false },
    ]);
  });

  it('flags overlap and ignores a speaker set back to what it was', () => {
    const over: StoredTurn[] = [...turns, { speaker: 'speaker_01', start: 9, end: 12 }];
    const same = applyCorrections(words, over, [
      { index: 1, speaker: 'speaker_01' },
      { index: 1, speaker: 'speaker_00' },
    ]);
    expect(same.turns).toEqual(over);
    expect(same.words[1]?.speaker).toBe('speaker_00');
    const moved = applyCorrections(words, over, [{ index: 2, speaker: 'speaker_02' }]);
    expect(moved.turns.filter((t) => t.overlap).map((t) => t.speaker)).toEqual([
      'speaker_00',
      'speaker_01',
    ]);
  });
});

describe('outOfRange', () => {
  it('finds the first index past the last word', () => {
    expect(outOfRange(words, [{ index: 9 }])).toBeUndefined();
    expect(outOfRange(words, [{ index: 3 }, { index: 10 }, { index: 11 }])?.index).toBe(10);
  });
});
