import { describe, expect, it } from 'vitest';
import { findActionItems } from './action-items.js';
import { sentencesOf } from './sentences.js';

// Alternating speakers five seconds apart, as a two-person call's transcript.
function items(texts: string[]) {
  const lines = texts.map((text, i) => ({
    speaker: `speaker_0${i % 2}`,
    start: i * 5,
    end: i * 5 + 4,
    text,
  }));
  return findActionItems(sentencesOf(lines));
}

describe('findActionItems', () => {
  it('writes commitments and requests in the third person with the right owner', () => {
    const found = items([
      'Let me share my screen.',
      "I'll get back to you on that by Monday.",
      'Please send me the contract.',
      'Let me know if the numbers change.',
      "I'll update my notes and send them over tomorrow.",
      'Let me check with legal and get back to you.',
      'The next step is to sign the order form.',
      'Could you review the proposal before Thursday?',
    ]);
    expect(found.map((f) => f.text)).toEqual([
      'speaker_01 will get back to speaker_00 on that by Monday',
      'speaker_01 will send speaker_00 the contract',
      'speaker_00 will let speaker_01 know if the numbers change',
      'speaker_00 will update their notes and send them over tomorrow',
      'speaker_01 will check with legal and get back to speaker_00',
      'Follow up: sign the order form',
      'speaker_00 will review the proposal before Thursday',
    ]);
    expect(found.map((f) => f.due)).toEqual([
      'by Monday',
      null,
      null,
      'tomorrow',
      null,
      null,
      'before Thursday',
    ]);
    expect(found.map((f) => f.citation.start)).toEqual([5, 10, 15, 20, 25, 30, 35]);
  });

  it('ignores talk that only sounds like a task', () => {
    const found = items([
      'Let me share my screen.',
      'We should probably think about it.',
      'Can you hear me?',
      "I can't do that.",
      "I'm going to be honest with you.",
      'Oh, I heard a beep.',
    ]);
    expect(found).toEqual([]);
  });
});
