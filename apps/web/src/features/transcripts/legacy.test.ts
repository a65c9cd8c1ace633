import { describe, expect, it } from 'vitest';
import { activeEntryIndex, parseTranscript, speakerIndexes } from './legacy';

describe('parseTranscript', () => {
  it('reads speaker-prefixed values with times', () => {
    const entries = parseTranscript([
      { value: 'speaker_00: Hello there', startTime: 1.5, endTime: 3 },
      { text: 'No prefix here', speaker: 'Ada', start: '00:01:05', end: 70 },
      { value: '   ' },
      null,
      'junk',
      { value: 'Words only', startTime: 80 },
    ]);
    expect(entries).toEqual([
      { speaker: 'speaker_00', text: 'Hello there', start: 1.5, end: 3 },
      { speaker: 'Ada', text: 'No prefix here', start: 65, end: 70 },
      { speaker: 'Speaker', text: 'Words only', start: 80, end: 80 },
    ]);
    expect(parseTranscript(undefined)).toEqual([]);
  });

  it('numbers speakers by first appearance and finds the active entry', () => {
    const entries = parseTranscript([
      { value: 'B: one', startTime: 0, endTime: 2 },
      { value: 'A: two', startTime: 2, endTime: 4 },
      { value: 'B: three', startTime: 4, endTime: 6 },
    ]);
    expect([...speakerIndexes(entries)]).toEqual([
      ['B', 0],
      ['A', 1],
    ]);
    expect(activeEntryIndex(entries, 3)).toBe(1);
    expect(activeEntryIndex(entries, 9)).toBe(-1);
  });
});
