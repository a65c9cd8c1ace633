// The emotions answer: reliability always, nothing at all when the organisation switched
// emotion inference off (at analysis time, or later for emotions stored before).
import { describe, expect, it } from 'vitest';
import { emotionsResponseSchema, VIDEO_SIGNALS_MESSAGES } from '@parley/contracts';
import type { VideoSignalsRow } from './repo.js';
import { biometricsDataOf, emotionsOf, signalsOf } from './views.js';

const averages = {
  angry: 0.1,
  disgust: 0,
  fear: 0.1,
  happy: 0.6,
  sad: 0.1,
  surprise: 0,
  neutral: 0.1,
};
const person = {
  personId: 'person_01',
  frames: 1,
  presence: 1,
  firstSeen: 0,
  lastSeen: 0,
  emotions: averages,
  dominantEmotion: 'happy',
  age: null,
  gender: null,
  template: null,
};
const row = (computed: boolean | undefined) =>
  ({
    hasVideo: true,
    runId: 'r',
    frames: [
      {
        t: 0,
        f: [
          ['person_01', 'center', 0, 0, computed === false ? [] : [0.1, 0, 0.1, 0.6, 0.1, 0, 0.1]],
        ],
      },
    ],
    summary: {
      fps: 2,
      durationSec: 1,
      framesAnalysed: 1,
      framesWithFaces: 1,
      persons: [computed === false ? { ...person, emotions: null, dominantEmotion: null } : person],
      emotions: {
        ...(computed === undefined ? {} : { computed }),
        labels: [],
        // Stored before `confidence` was kept: the view derives it.
        persons: computed === false ? [] : [{ personId: 'person_01', averages, dominant: 'happy' }],
      },
    },
  }) as unknown as VideoSignalsRow;

describe('emotionsOf', () => {
  it('gives each person’s dominant emotion with its confidence, labelled low reliability', () => {
    const answer = emotionsResponseSchema.parse(emotionsOf(signalsOf('m', row(undefined))));
    expect(answer).toMatchObject({
      computed: true,
      offReason: null,
      reliability: { level: 'low' },
    });
    expect(answer.persons[0]).toMatchObject({ dominant: 'happy', confidence: 0.6 });
    expect(answer.series).toHaveLength(1);
  });

  it('says switched off, with no scores, when the run computed none', () => {
    const answer = emotionsOf(signalsOf('m', row(false)));
    expect(answer).toMatchObject({
      computed: false,
      offReason: VIDEO_SIGNALS_MESSAGES.emotionsOff,
      persons: [],
      series: [],
    });
  });

  it('withholds emotions stored before the organisation switched inference off', () => {
    const signals = signalsOf('m', row(true), false);
    expect(emotionsOf(signals)).toMatchObject({ computed: false, persons: [], series: [] });
    expect(biometricsDataOf(signals).persons[0]!.dominantEmotion).toBeNull();
  });
});
