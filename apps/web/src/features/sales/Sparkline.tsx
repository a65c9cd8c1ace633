import { TrendingDown, TrendingUp, MoveRight } from 'lucide-react';
import { cn } from '../../lib/cn';
import { trendWords, type Trend } from './model';

const W = 96;
const H = 28;

/** A rep's call scores over time (0–100, oldest left) with the trend in words beside it. */
export function Sparkline({ trend, className }: { trend: Trend; className?: string }) {
  const words = trendWords(trend);
  const { points } = trend;
  const step = points.length > 1 ? W / (points.length - 1) : 0;
  const y = (v: number) => H - 2 - (Math.max(0, Math.min(100, v)) / 100) * (H - 4);
  const path = points.map((v, i) => `${(i * step).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const Icon =
    trend.direction === 'up' ? TrendingUp : trend.direction === 'down' ? TrendingDown : MoveRight;
  return (
    <div className={cn('flex items-center gap-2', className)} data-testid="rep-trend">
      <svg
        role="img"
        aria-label={`Score trend: ${words}`}
        viewBox={`-2 0 ${W + 4} ${H}`}
        className="h-7 w-24 shrink-0 overflow-visible"
      >
        <line x1={0} x2={W} y1={y(50)} y2={y(50)} stroke="var(--border)" strokeDasharray="2 3" />
        {points.length > 1 ? (
          <polyline
            points={path}
            fill="none"
            stroke="var(--accent)"
            strokeWidth={1.75}
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        ) : null}
        {points.length > 0 ? (
          <circle
            cx={(points.length - 1) * step}
            cy={y(points[points.length - 1] ?? 0)}
            r={2.5}
            fill="var(--accent)"
          />
        ) : null}
      </svg>
      {trend.direction ? (
        <span
          className={cn(
            'tabular inline-flex items-center gap-1 text-xs font-medium',
            trend.direction === 'up' && 'text-success',
            trend.direction === 'down' && 'text-danger',
            trend.direction === 'flat' && 'text-muted',
          )}
          aria-hidden
        >
          <Icon className="size-3.5" />
          {trend.direction === 'flat'
            ? 'Steady'
            : `${(trend.delta ?? 0) > 0 ? '+' : '−'}${Math.abs(trend.delta ?? 0)}`}
        </span>
      ) : (
        <span className="text-xs text-subtle" aria-hidden>
          No trend yet
        </span>
      )}
    </div>
  );
}
