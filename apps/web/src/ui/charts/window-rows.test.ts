import { describe, expect, it } from 'vitest';
import { windowRows } from './window-rows';

describe('rows of windowed values', () => {
  it('span the recording from its start to its end, each window at its middle', () => {
    // A 67.7 s call in 10 s windows, the last one short (the sample call's speaking rate).
    const windows = [0, 10, 20, 30, 40, 50, 60].map((start) => ({
      start,
      end: Math.min(start + 10, 67.71),
      values: { wpm: start },
    }));
    const rows = windowRows(windows);
    expect(rows[0]).toEqual({ t: 0, wpm: 0 });
    expect(rows.at(-1)).toEqual({ t: 67.71, wpm: 60 });
    expect(rows.slice(1, -1).map((r) => r.t)).toEqual([5, 15, 25, 35, 45, 55, 63.855]);
  });

  it('keeps a silent window a gap, and draws nothing without windows', () => {
    const rows = windowRows([
      { start: 10, end: 20, values: { wpm: 120 } },
      { start: 0, end: 10, values: { wpm: null } },
    ]);
    expect(rows).toEqual([
      { t: 0, wpm: null },
      { t: 5, wpm: null },
      { t: 15, wpm: 120 },
      { t: 20, wpm: 120 },
    ]);
    expect(windowRows([])).toEqual([]);
  });
});
