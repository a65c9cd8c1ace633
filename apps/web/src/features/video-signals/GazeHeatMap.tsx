import { Eye } from 'lucide-react';
import { GAZE_CANVAS } from '@parley/contracts';
import { ChartCard } from '../../ui/charts/ChartCard';
import { heatCells } from './heat-map';
import type { InferenceData } from './api';
import { percent, videoEmpty } from './shared';

const CELL = 10;

interface Props {
  data: InferenceData<'eyegaze'> | undefined;
  loading: boolean;
}

/** Where the main face looked, on the spec's 310x210 canvas (SVG scales it to the card). */
export function GazeHeatMap({ data, loading }: Props) {
  const { cells } = heatCells(data?.heatMap ?? [], CELL, data?.config ?? GAZE_CANVAS);
  const onScreen = data?.points.length
    ? data.points.filter((p) => p.class_value === 'center').length / data.points.length
    : 0;
  return (
    <ChartCard
      title="Gaze heat map"
      testId="gaze-heat-map"
      info="Where the main face looked, per sampled frame: head angle plus the iris position. Brighter cells were looked at more often."
      loading={loading}
      empty={videoEmpty(data?.video, (data?.heatMap.length ?? 0) > 0)}
    >
      <svg
        viewBox={`0 0 ${GAZE_CANVAS.max_x} ${GAZE_CANVAS.max_y}`}
        role="img"
        aria-label={`Gaze heat map: ${percent(onScreen)} of frames looking at the center`}
        className="w-full rounded-md border border-border bg-surface-2"
      >
        <rect
          x={GAZE_CANVAS.max_x / 3}
          y={GAZE_CANVAS.max_y / 3}
          width={GAZE_CANVAS.max_x / 3}
          height={GAZE_CANVAS.max_y / 3}
          fill="none"
          stroke="var(--border-strong)"
          strokeDasharray="4 4"
        />
        {cells.map((c) => (
          <rect
            key={`${c.col}-${c.row}`}
            data-testid="heat-cell"
            x={c.col * CELL}
            y={c.row * CELL}
            width={CELL}
            height={CELL}
            rx={2}
            fill="var(--danger)"
            fillOpacity={0.15 + 0.85 * c.intensity}
          />
        ))}
      </svg>
      <p className="flex items-center gap-1.5 text-xs text-muted">
        <Eye className="size-3.5" aria-hidden />
        Looking at the center in <span className="tabular text-fg">{percent(onScreen)}</span> of
        frames
      </p>
    </ChartCard>
  );
}
