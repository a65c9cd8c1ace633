// The bias table's arithmetic: Wilson intervals against published values, and rows per group.
import { describe, expect, it } from 'vitest';
import { biasTable, formatBiasTable, wilson, type DemographicOutcome } from './bias.js';

describe('wilson', () => {
  it('matches the published 95 % intervals', () => {
    // Brown, Cai & DasGupta (2001) and any Wilson calculator: 10/12 -> 0.552..0.953, 0/10 -> 0..0.278.
    expect(wilson(10, 12)).toMatchObject({ rate: 0.833, low: 0.552, high: 0.953 });
    expect(wilson(0, 10)).toMatchObject({ rate: 0, low: 0, high: 0.278 });
    expect(wilson(50, 100)).toMatchObject({ low: 0.404, high: 0.596 });
  });

  it('says nothing for an empty group', () => {
    expect(wilson(0, 0)).toEqual({ hits: 0, n: 0, rate: null, low: null, high: null });
  });
});

describe('biasTable', () => {
  const o = (
    gender: 'male' | 'female',
    ageBin: string,
    predicted: DemographicOutcome['predicted'],
  ): DemographicOutcome => ({ truth: { gender, ageBin }, predicted });
  const outcomes = [
    o('female', '20-29', { gender: 'female', ageBin: '20-29' }),
    o('female', '20-29', { gender: 'male', ageBin: '30-39' }),
    o('female', '60-69', null),
    o('male', '60-69', { gender: 'male', ageBin: '40-49' }),
  ];

  it('counts accuracy on the photos with a face, by gender and by age bin', () => {
    const t = biasTable(outcomes);
    expect(t.overall.photos).toBe(4);
    expect(t.overall.detected).toMatchObject({ hits: 3, n: 4 });
    expect(t.overall.gender).toMatchObject({ hits: 2, n: 3 });
    expect(t.overall.ageExact).toMatchObject({ hits: 1, n: 3 });
    expect(t.overall.ageWithinOne).toMatchObject({ hits: 2, n: 3 });
    const female = t.rows.find((r) => r.by === 'gender' && r.group === 'female')!;
    expect(female.photos).toBe(3);
    expect(female.gender).toMatchObject({ hits: 1, n: 2 });
    const old = t.rows.find((r) => r.by === 'age' && r.group === '60-69')!;
    expect(old.detected).toMatchObject({ hits: 1, n: 2 });
    expect(old.ageWithinOne).toMatchObject({ hits: 0, n: 1 });
    // Only the bins that occur get a row.
    expect(t.rows.map((r) => r.group)).toEqual(['female', 'male', '20-29', '60-69']);
  });

  it('prints one line per group with intervals', () => {
    const text = formatBiasTable(biasTable(outcomes));
    expect(text).toMatch(/^all\s+4\s+75\.0 %/m);
    expect(text).toMatch(/^age 60-69\s+2/m);
    expect(text).toContain('Wilson');
  });
});
