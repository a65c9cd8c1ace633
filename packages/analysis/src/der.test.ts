import { describe, expect, it } from 'vitest';
import { diarizationErrorRate } from './der.js';

describe('diarization error rate', () => {
  const reference = [
    { speaker: 'A', start: 0, end: 10 },
    { speaker: 'B', start: 10, end: 20 },
  ];

  it('is 0 for a relabelled perfect answer and finds the mapping', () => {
    const hyp = [
      { speaker: 'x', start: 0, end: 10 },
      { speaker: 'y', start: 10, end: 20 },
    ];
    const r = diarizationErrorRate(reference, hyp, 0);
    expect(r.der).toBe(0);
    expect(r.mapping).toEqual({ x: 'A', y: 'B' });
    expect(r.reference).toBeCloseTo(20, 5);
  });

  it('counts missed speech, false alarm and confusion separately', () => {
    const hyp = [
      { speaker: 'x', start: 0, end: 8 }, // 2 s of A missed
      { speaker: 'y', start: 10, end: 15 },
      { speaker: 'x', start: 15, end: 20 }, // 5 s of B given to A's voice
      { speaker: 'y', start: 20, end: 23 }, // 3 s of speech nobody said
    ];
    const r = diarizationErrorRate(reference, hyp, 0);
    expect(r.missed).toBeCloseTo(2, 5);
    expect(r.confusion).toBeCloseTo(5, 5);
    expect(r.falseAlarm).toBeCloseTo(3, 5);
    expect(r.der).toBeCloseTo(10 / 20, 5);
  });

  it('scores overlapped reference speech for both speakers', () => {
    const overlapped = [...reference, { speaker: 'B', start: 4, end: 6 }];
    const r = diarizationErrorRate(overlapped, reference, 0);
    expect(r.reference).toBeCloseTo(22, 5);
    expect(r.missed).toBeCloseTo(2, 5);
  });

  it('leaves a collar around every reference boundary unscored', () => {
    const late = [
      { speaker: 'x', start: 0.2, end: 10.2 },
      { speaker: 'y', start: 10.2, end: 20 },
    ];
    expect(diarizationErrorRate(reference, late, 0).der).toBeGreaterThan(0);
    expect(diarizationErrorRate(reference, late, 0.25).der).toBe(0);
  });
});
