import { useState } from 'react';
import { ShieldOff } from 'lucide-react';
import { Area } from 'recharts';
import { EMOTION_LABELS } from '@parley/contracts';
import { Badge, Tooltip } from '../../ui';
import { ChartCard } from '../../ui/charts/ChartCard';
import { axisTime } from '../../ui/charts/chart-theme';
import { TimeChart } from '../../ui/charts/TimeChart';
import type { InferenceData } from './api';
import { EMOTION_COLOURS, personName, videoEmpty } from './shared';

interface Props {
  data: InferenceData<'emotions'> | undefined;
  loading: boolean;
  onSeek(time: number): void;
  className?: string;
}

/** The visible 'Low reliability' label, with what the agreement was measured on. */
function ReliabilityLabel({ note, level }: { note: string; level: 'low' | 'moderate' }) {
  return (
    <Tooltip label={<span className="block max-w-64">{note}</span>}>
      <span
        tabIndex={0}
        data-testid="emotion-reliability"
        className="rounded-full focus-visible:outline-2 focus-visible:outline-accent"
      >
        <Badge tone="warning">{level === 'low' ? 'Low reliability' : 'Moderate reliability'}</Badge>
      </span>
    </Tooltip>
  );
}

/** Facial emotion scores over time for one person (stacked to 100%); a click seeks. */
export function EmotionTimeline({ data, loading, onSeek, className }: Props) {
  const persons = data?.persons ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const personId = chosen ?? persons[0]?.personId ?? '';
  const rows = (data?.series ?? [])
    .filter((s) => s.personId === personId)
    .map((s) => ({
      t: s.t,
      ...Object.fromEntries(EMOTION_LABELS.map((e) => [e, Math.round((s.scores[e] ?? 0) * 100)])),
    }));
  // The strongest moment of each emotion other than neutral: keyboard-reachable seek points.
  const peaks = EMOTION_LABELS.filter((e) => e !== 'neutral')
    .map((e) =>
      rows.reduce<{ e: string; t: number; v: number }>(
        (best, r) =>
          (r as Record<string, number>)[e]! > best.v
            ? { e, t: r.t, v: (r as Record<string, number>)[e]! }
            : best,
        { e, t: 0, v: 0 },
      ),
    )
    .filter((p) => p.v >= 30)
    .sort((a, b) => b.v - a.v)
    .slice(0, 4);
  const person = persons.find((p) => p.personId === personId);
  const off = data?.computed === false;
  return (
    <ChartCard
      className={className}
      title="Emotions over time"
      testId="emotion-timeline"
      info="Facial expression scores per sampled frame (angry, disgust, fear, happy, sad, surprise, neutral). Expressions are not feelings: read them as what the face showed. Click the chart to seek."
      loading={loading}
      empty={
        off
          ? { icon: ShieldOff, text: data.offReason ?? 'Emotion inference is switched off' }
          : videoEmpty(data?.video, rows.length > 0)
      }
    >
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
        {persons.length > 1 ? (
          <div role="group" aria-label="Person" className="flex gap-1">
            {persons.map((p) => (
              <button
                key={p.personId}
                type="button"
                aria-pressed={p.personId === personId}
                onClick={() => setChosen(p.personId)}
                className="rounded-full border border-border px-2 py-0.5 aria-pressed:bg-accent-soft aria-pressed:text-accent-soft-fg"
              >
                {personName(p.personId)}
              </button>
            ))}
          </div>
        ) : null}
        {person ? (
          <span data-testid="emotion-dominant">
            Mostly <span className="font-medium text-fg">{person.dominant}</span>{' '}
            <span className="tabular">({Math.round(person.confidence * 100)}% confidence)</span>
          </span>
        ) : null}
        {data ? (
          <span className="ml-auto">
            <ReliabilityLabel note={data.reliability.note} level={data.reliability.level} />
          </span>
        ) : null}
      </div>
      <TimeChart
        kind="area"
        rows={rows}
        onSeek={onSeek}
        className="h-40"
        stackOffset="expand"
        yAxis={{ tickFormatter: (v: number) => `${Math.round(v * 100)}%` }}
        format={(v, name) => [`${String(v)}`, String(name)]}
      >
        {EMOTION_LABELS.map((e) => (
          <Area
            key={e}
            type="monotone"
            dataKey={e}
            stackId="1"
            stroke={EMOTION_COLOURS[e]}
            fill={EMOTION_COLOURS[e]}
            fillOpacity={0.55}
            isAnimationActive={false}
          />
        ))}
      </TimeChart>
      {peaks.length ? (
        <ul aria-label="Strongest expressions" className="flex flex-wrap gap-1.5">
          {peaks.map((p) => (
            <li key={p.e}>
              <button
                type="button"
                data-testid="emotion-peak"
                onClick={() => onSeek(p.t)}
                className="flex items-center gap-1.5 rounded-full border border-border px-2 py-0.5 text-xs text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent"
              >
                <span
                  className="size-2 rounded-full"
                  style={{ background: EMOTION_COLOURS[p.e] }}
                  aria-hidden
                />
                {p.e} <span className="tabular">{axisTime(p.t)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </ChartCard>
  );
}
