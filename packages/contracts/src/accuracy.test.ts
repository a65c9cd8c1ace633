import { describe, expect, it } from 'vitest';
import { ACCURACY_SIGNAL_KEYS, ESTIMATED_SIGNALS, accuracyReportSchema } from './accuracy.js';
import { ACCURACY_REPORT } from './accuracy-figures.js';

// The published figures (written by `npm run accuracy -- --write`) are what the About the
// analysis page and the README show: they must parse, cover every signal once, and label as
// estimates exactly the signals the product labels so.
describe('published accuracy figures', () => {
  it('parse as the contract says', () => {
    expect(() => accuracyReportSchema.parse(ACCURACY_REPORT)).not.toThrow();
    expect(Number.isNaN(Date.parse(ACCURACY_REPORT.measuredAt))).toBe(false);
  });

  it('cover every signal once, each marked an estimate exactly when the product says so', () => {
    const keys = ACCURACY_REPORT.signals.map((s) => s.key);
    expect([...keys].sort()).toEqual([...ACCURACY_SIGNAL_KEYS].sort());
    for (const s of ACCURACY_REPORT.signals)
      expect(s.estimate, s.key).toBe(ESTIMATED_SIGNALS.includes(s.key));
  });

  it('give every measured figure the data it rests on, and every missing one a reason', () => {
    for (const s of ACCURACY_REPORT.signals) {
      if (s.metrics.length === 0) expect(s.notes[0], s.key).toMatch(/^Not measured/);
      else expect(s.data.length, s.key).toBeGreaterThan(0);
      for (const d of s.data) expect(d.source && d.licence, `${s.key} ${d.name}`).toBeTruthy();
      for (const m of s.metrics)
        if (m.interval && m.value !== null) {
          expect(m.interval.low).toBeLessThanOrEqual(m.value);
          expect(m.interval.high).toBeGreaterThanOrEqual(m.value);
        }
    }
  });

  it('has a bias table by gender and by age group with counts', () => {
    const dims = new Set(ACCURACY_REPORT.bias.rows.map((r) => r.dimension));
    expect(dims).toEqual(new Set(['gender', 'age']));
    const byGender = ACCURACY_REPORT.bias.rows.filter((r) => r.dimension === 'gender');
    expect(byGender.reduce((n, r) => n + r.photos, 0)).toBe(ACCURACY_REPORT.bias.dataset.items);
  });
});
