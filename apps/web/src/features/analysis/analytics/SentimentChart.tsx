import { Area, ReferenceLine } from 'recharts';
import { Smile } from 'lucide-react';
import type { RouteResponse, analysisRoutes } from '@parley/contracts';
import { Badge, type BadgeTone } from '../../../ui';
import { ChartCard } from '../../../ui/charts/ChartCard';
import { CHART } from '../../../ui/charts/chart-theme';
import { TimeChart } from '../../../ui/charts/TimeChart';
import { windowRows } from '../../../ui/charts/window-rows';

type Sentiment = RouteResponse<typeof analysisRoutes.sentiment>;

const TONE: Record<Sentiment['overall']['label'], BadgeTone> = {
  positive: 'success',
  neutral: 'neutral',
  negative: 'danger',
};

interface Props {
  data: Sentiment | undefined;
  loading: boolean;
  onSeek?(time: number): void;
  className?: string;
}

/** Sentiment of the conversation along the meeting (−1 negative … +1 positive). */
export function SentimentChart({ data, loading, onSeek, className }: Props) {
  const rows = windowRows(
    (data?.overTime ?? []).map((w) => ({
      start: w.start,
      end: w.end,
      values: { compound: w.compound === null ? null : Math.round(w.compound * 100) / 100 },
    })),
  );
  const hasValues = rows.some((r) => r.compound !== null);
  return (
    <ChartCard
      className={className}
      title="Sentiment"
      testId="sentiment-chart"
      info={`Tone of what is said, per time window, from −1 (negative) to +1 (positive)${data ? `; model: ${data.model}` : ''}. A word-list estimate: it misses sarcasm and context.`}
      loading={loading}
      empty={hasValues ? null : { icon: Smile, text: 'Not enough words to judge the tone.' }}
    >
      {data ? (
        <p className="flex items-center gap-2 text-xs text-muted">
          Overall
          <Badge tone={TONE[data.overall.label]}>
            {data.overall.label[0]?.toUpperCase()}
            {data.overall.label.slice(1)}
          </Badge>
          <span className="tabular">{data.overall.compound.toFixed(2)}</span>
        </p>
      ) : null}
      <TimeChart
        kind="area"
        rows={rows}
        onSeek={onSeek}
        className="h-36"
        yAxis={{ domain: [-1, 1], ticks: [-1, 0, 1], width: 48 }}
        format={(v) => [String(v), 'Sentiment']}
      >
        <defs>
          <linearGradient id="sentiment-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={CHART.positive} stopOpacity={0.35} />
            <stop offset="50%" stopColor={CHART.positive} stopOpacity={0.04} />
            <stop offset="50%" stopColor={CHART.negative} stopOpacity={0.04} />
            <stop offset="100%" stopColor={CHART.negative} stopOpacity={0.35} />
          </linearGradient>
        </defs>
        <ReferenceLine y={0} stroke={CHART.axis} strokeDasharray="2 2" />
        <Area
          dataKey="compound"
          type="monotone"
          stroke={CHART.accent}
          strokeWidth={2}
          fill="url(#sentiment-fill)"
          connectNulls={false}
          isAnimationActive={false}
        />
      </TimeChart>
    </ChartCard>
  );
}
