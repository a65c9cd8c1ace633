import { useId } from 'react';

/** Spec 2 §2 gauge colours: warm red-orange below the threshold, multi-colour at or above. */
const WARM = ['#dc2626', '#ea580c', '#f97316'];
const MULTI = ['#ef4444', '#f59e0b', '#eab308', '#22c55e', '#0ea5e9'];

export const gaugeStops = (score: number, threshold: number) => (score >= threshold ? MULTI : WARM);

const R = 80;
const ARC = Math.PI * R;

/**
 * A half-circle gauge of the overall score (0–100) with 0% and 100% at its ends. Its width
 * follows the window between 1024 and 1279 px (spec 2 §2), full size elsewhere.
 */
export function ScoreGauge({ score, threshold }: { score: number; threshold: number }) {
  const id = useId();
  const value = Math.max(0, Math.min(100, score));
  const stops = gaugeStops(value, threshold);
  const path = `M 20 100 A ${R} ${R} 0 0 1 180 100`;
  return (
    <figure
      className="flex w-52 flex-col items-center lg:w-40 xl:w-52"
      data-gauge={value >= threshold ? 'multi' : 'warm'}
    >
      <svg
        viewBox="0 0 200 112"
        className="w-full"
        role="img"
        aria-label={`Overall score ${Math.round(value)}%`}
      >
        <defs>
          <linearGradient id={id} x1="0" x2="1" y1="0" y2="0">
            {stops.map((c, i) => (
              <stop key={c} offset={`${(i / (stops.length - 1)) * 100}%`} stopColor={c} />
            ))}
          </linearGradient>
        </defs>
        <path
          d={path}
          fill="none"
          strokeWidth="16"
          strokeLinecap="round"
          className="stroke-surface-3"
        />
        <path
          d={path}
          fill="none"
          stroke={`url(#${id})`}
          strokeWidth="16"
          strokeLinecap="round"
          strokeDasharray={`${(value / 100) * ARC} ${ARC}`}
          className="motion-safe:transition-[stroke-dasharray] motion-safe:duration-500"
        />
        <text
          x="100"
          y="92"
          textAnchor="middle"
          className="tabular fill-fg text-[32px] font-semibold"
        >
          {Math.round(value)}%
        </text>
      </svg>
      <figcaption className="tabular flex w-full justify-between px-1 text-xs text-muted">
        <span>0%</span>
        <span>100%</span>
      </figcaption>
    </figure>
  );
}
