import { describe, expect, it } from 'vitest';
import { sentencesOf } from './sentences.js';
import { meetingNotes } from './topics.js';

describe('meeting notes', () => {
  it('names a topic by a word of any length (a pasted text of one long word)', () => {
    // Found by the route fuzzer: a regular expression built from a 50,000-letter word
    // overflowed the stack, and the request answered 500.
    const word = 'M'.repeat(50_000);
    const sentences = sentencesOf([{ speaker: 'speaker_00', start: 0, end: 10, text: word }]);
    expect(() => meetingNotes(sentences)).not.toThrow();
  });

  it('names a topic by the word as spoken, not its stem', () => {
    const sentences = sentencesOf([
      {
        speaker: 'speaker_00',
        start: 0,
        end: 10,
        text: 'The pricing matters. Pricing drives the launch. We discussed pricing twice.',
      },
    ]);
    expect(JSON.stringify(meetingNotes(sentences))).toContain('pricing');
  });
});
