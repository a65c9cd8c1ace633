/** Values measured over one time window of a recording (seconds), one per series. */
export interface TimeWindow {
  start: number;
  end: number;
  values: Readonly<Record<string, number | null>>;
}

export type TimeRow = { t: number } & Record<string, number | null>;

/**
 * Chart rows for values measured over consecutive windows: each value sits at the middle of
 * its window, and the first and last windows' values are repeated at the recording's start and
 * end, so the line spans the whole recording. Drawn at each window's start, as before, a line
 * stopped one window short of the end (a 67 s call's rate ended at 1:00).
 */
export function windowRows(windows: readonly TimeWindow[]): TimeRow[] {
  const sorted = [...windows].sort((a, b) => a.start - b.start);
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return [];
  const at = (t: number, values: TimeWindow['values']): TimeRow => ({ ...values, t });
  return [
    at(first.start, first.values),
    ...sorted.map((w) => at((w.start + w.end) / 2, w.values)),
    at(last.end, last.values),
  ];
}
