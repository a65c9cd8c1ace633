import { describe, expect, it } from 'vitest';
import { biasTable, type LabelledFaceRow } from './faces.js';
import { pooledWer, type SpeechRow } from './speech.js';
import { wilsonInterval } from './stats.js';
import { formatReport } from './table.js';
import { UNMEASURED_SIGNALS } from './unmeasured.js';

describe('accuracy figures', () => {
  it('gives the Wilson 95 % interval (checked against published values)', () => {
    // Newcombe (1998), Statistics in Medicine 17:857, table I: 81/263 -> 0.2553–0.3662.
    expect(wilsonInterval(81, 263)).toEqual({ low: 0.255, high: 0.366 });
    // All right in a small group is not certainty: 5/5 -> 0.566–1.
    expect(wilsonInterval(5, 5)).toEqual({ low: 0.566, high: 1 });
    expect(wilsonInterval(0, 0)).toBeNull();
  });

  it('pools word errors over all reference words, so long clips weigh more', () => {
    const row = (referenceWords: number, errors: number): SpeechRow => ({
      engine: 'e',
      model: 'm',
      clip: 'c',
      referenceWords,
      errors,
      wer: errors / referenceWords,
    });
    expect(pooledWer([row(10, 5), row(30, 3)])).toBeCloseTo(8 / 40, 9);
    expect(pooledWer([])).toBeNull();
  });

  it('scores gender and age only where a face was found, by gender and by age group', () => {
    const face = (
      gender: 'Female' | 'Male',
      ageBin: string,
      found: [string, string] | null,
    ): LabelledFaceRow => ({
      photo: 'p',
      gender,
      ageBin,
      detected: found !== null,
      predictedGender: (found?.[0] as 'female' | 'male' | undefined) ?? null,
      predictedAgeBin: found?.[1] ?? null,
    });
    const rows = biasTable([
      face('Female', '20-29', ['female', '30-39']), // right, one bin off
      face('Female', '20-29', ['male', '50-59']), // wrong, three bins off
      face('Female', '60-69', null), // no face: not scored for gender or age
      face('Male', '20-29', ['male', '20-29']),
    ]);
    const female = rows.find((r) => r.group === 'Female')!;
    expect(female.photos).toBe(3);
    expect(female.detected.count).toEqual({ k: 2, n: 3 });
    expect(female.gender.count).toEqual({ k: 1, n: 2 });
    expect(female.ageWithinOneBin.count).toEqual({ k: 1, n: 2 });
    expect(rows.map((r) => r.group)).toEqual(['Female', 'Male', '20-29', '60-69']);
    const old = rows.find((r) => r.group === '60-69')!;
    expect(old.gender.value).toBeNull();
    expect(old.gender.interval).toBeNull();
  });

  it('prints a signal nobody could measure as not measured, with the reason', () => {
    const text = formatReport({
      measuredAt: '2026-01-01T00:00:00.000Z',
      command: 'npm run accuracy',
      signals: UNMEASURED_SIGNALS,
      bias: {
        dataset: { name: 'd', items: 0, itemUnit: 'photos', path: '', source: '', licence: '' },
        rows: [],
      },
    });
    expect(text).toMatch(/\| Blood pressure \(estimate\) \| — \| not measured \| Not measured:/);
  });
});
