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
  if (!onSeek || !e) return;
  const i = Number(e.activeTooltipIndex);
  const t = Number.isInteger(i) ? rows[i]?.t : undefined;
  if (typeof t === 'number' && Number.isFinite(t)) onSeek(t);
}
