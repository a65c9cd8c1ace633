import { GAZE_CANVAS } from '@parley/contracts';

export interface HeatCell {
  col: number;
  row: number;
  /** Sum of the point values in the cell. */
  value: number;
  /** value / the largest cell's value, 0..1. */
  intensity: number;
}

/** Spec §9: 999 is an invalid coordinate and reads as 0. */
const coordinate = (v: number, max: number) =>
  v === GAZE_CANVAS.invalid || !Number.isFinite(v) ? 0 : Math.min(max, Math.max(0, v));

/**
 * Bins gaze points on the 310x210 canvas into cells of `cell` canvas units; each point adds
 * its value (50). A point on the far edge falls in the last cell, not beyond it.
 */
export function heatCells(
  points: readonly { x: number; y: number; value: number }[],
  cell = 10,
  size: { max_x: number; max_y: number } = GAZE_CANVAS,
): { cols: number; rows: number; cells: HeatCell[] } {
  const cols = Math.ceil(size.max_x / cell);
  const rows = Math.ceil(size.max_y / cell);
  const sums = new Map<number, number>();
  for (const p of points) {
    const col = Math.min(cols - 1, Math.floor(coordinate(p.x, size.max_x) / cell));
    const row = Math.min(rows - 1, Math.floor(coordinate(p.y, size.max_y) / cell));
    sums.set(row * cols + col, (sums.get(row * cols + col) ?? 0) + p.value);
  }
  const top = Math.max(0, ...sums.values());
  const cells = [...sums.entries()].map(([key, value]) => ({
    col: key % cols,
    row: Math.floor(key / cols),
    value,
    intensity: top > 0 ? value / top : 0,
  }));
  return { cols, rows, cells };
}
