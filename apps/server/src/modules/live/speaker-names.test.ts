import { describe, expect, it } from 'vitest';
import {
  bestShift,
  namesFromLiveSpeech,
  type LiveSpan,
  type RecordedTurn,
} from './speaker-names.js';

/** A two-person call: Gina opens, Omar answers, and so on, on the recording's clock. */
const turns: RecordedTurn[] = [
  { speaker: 'speaker_00', start: 0.5, end: 6 },
  { speaker: 'speaker_01', start: 6.4, end: 12 },
  { speaker: 'speaker_00', start: 12.5, end: 20 },
  { speaker: 'speaker_01', start: 20.3, end: 27 },
];
/** The same speech as the live transcript saw it, `lag` seconds later on its own clock. */
const live = (lag: number, names = ['Gina Gutierrez', 'Omar Ali']): LiveSpan[] =>
  turns.map((t) => ({
    speakerName: t.speaker === 'speaker_00' ? names[0]! : names[1]!,
    startSec: t.start + lag + 0.3,
    endSec: t.end + lag - 0.2,
  }));

describe('speaker names from the live transcript', () => {
  it('names each voice after the participant speaking in its turns', () => {
    expect(namesFromLiveSpeech(turns, live(0))).toEqual({
      speaker_00: 'Gina Gutierrez',
      speaker_01: 'Omar Ali',
    });
  });

  it('lines the two clocks up when the live session started a moment apart', () => {
    // Within a step or two: the live segments are a little shorter than the turns.
    expect(Math.abs(bestShift(turns, live(-1.75)) - 1.75)).toBeLessThanOrEqual(0.5);
    expect(namesFromLiveSpeech(turns, live(-1.75))).toEqual({
      speaker_00: 'Gina Gutierrez',
      speaker_01: 'Omar Ali',
    });
    expect(namesFromLiveSpeech(turns, live(3))).toEqual({
      speaker_00: 'Gina Gutierrez',
      speaker_01: 'Omar Ali',
    });
  });

  it('leaves a voice unnamed when two participants spoke through it alike', () => {
    // One voice for the whole call (diarisation found one speaker): both people share it.
    const merged = turns.map((t) => ({ ...t, speaker: 'speaker_00' }));
    expect(namesFromLiveSpeech(merged, live(0))).toEqual({});
  });

  it('names nothing from nameless participants, too little speech, or no live words', () => {
    expect(namesFromLiveSpeech(turns, live(0, ['', ' ']))).toEqual({});
    expect(namesFromLiveSpeech(turns, [])).toEqual({});
    const brief: LiveSpan[] = [{ speakerName: 'Gina Gutierrez', startSec: 1, endSec: 2 }];
    expect(namesFromLiveSpeech(turns, brief)).toEqual({});
  });
});
