/** What a chart click reports that we use: the index of the hovered point. */
interface ChartClick {
  activeTooltipIndex?: number | string | null;
}

/** DESIGN: clicking a point of a time-based chart seeks the video to that point's time. */
export function seekFromChart(
  e: ChartClick | null | undefined,
  rows: readonly { t?: number | null }[],
  onSeek: ((time: number) => void) | undefined,
): void {
  // A click beside the points has no index (Number(null) would read as the first point).
  const raw = e?.activeTooltipIndex;
  if (!onSeek || raw === null || raw === undefined || raw === '') return;
  const i = Number(raw);
  const t = Number.isInteger(i) ? rows[i]?.t : undefined;
  if (typeof t === 'number' && Number.isFinite(t)) onSeek(t);
}
