import { describe, expect, it } from 'vitest';
import type { StoredWord } from '../../platform/db/schema.js';
import { BLOCK_PAUSE_SEC, dialogueBlocks } from './view.js';

const w = (word: string, start: number, speaker = 'speaker_00'): StoredWord => ({
  word,
  start,
  end: start + 0.3,
  speaker,
  confidence: 0.9,
});

describe('dialogueBlocks', () => {
  it('splits one speaker’s words at a long pause, and names speakers', () => {
    const words = [
      w('so', 3600),
      w('first', 3600.4),
      // A pause just under the limit stays in the block; one at the limit starts a new one.
      w('then', 3600.7 + BLOCK_PAUSE_SEC - 0.01),
      w('later', 3603 + BLOCK_PAUSE_SEC + 0.5),
      w('yes', 3606, 'speaker_01'),
    ];
    const blocks = dialogueBlocks(words, { speaker_01: 'Omar Reyes' });
    expect(blocks.map((b) => [b.value, b.wordRange, b.videoTime])).toEqual([
      ['Speaker 1: so first then', [0, 2], '01:00:00'],
      ['Speaker 1: later', [3, 3], '01:00:05'],
      ['Omar Reyes: yes', [4, 4], '01:00:06'],
    ]);
    expect(dialogueBlocks([], {})).toEqual([]);
  });
});
