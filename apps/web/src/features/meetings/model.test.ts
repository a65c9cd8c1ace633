import { describe, expect, it } from 'vitest';
import { awaitsRecording, meetingLengthLabel } from './model';

const words = (seconds: number) => `${seconds} s`;

describe('a live meeting not recorded yet', () => {
  const scheduled = {
    type: 'live' as const,
    inferenceStatus: 'uploaded' as const,
    storageLink: null,
    duration: 0,
    durationSec: null,
  };

  it('has no length to show, where a recorded one does', () => {
    expect(awaitsRecording(scheduled)).toBe(true);
    expect(meetingLengthLabel(scheduled, words)).toBe('—');
    const recorded = { ...scheduled, storageLink: 'https://x/y.webm', durationSec: 42 };
    expect(awaitsRecording(recorded)).toBe(false);
    expect(meetingLengthLabel(recorded, words)).toBe('42 s');
  });

  it('is only a live meeting before any recording and analysis', () => {
    expect(awaitsRecording({ ...scheduled, type: 'offline' })).toBe(false);
    expect(awaitsRecording({ ...scheduled, inferenceStatus: 'queued' })).toBe(false);
    // The public view knows only the length.
    expect(meetingLengthLabel({ duration: 2, durationSec: null }, words)).toBe('120 s');
  });
});
